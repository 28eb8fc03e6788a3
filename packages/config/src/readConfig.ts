import { readFileSync } from "node:fs";
import type { ProcessRole } from "./defineVariable";
import { type ConfigName, type ConfigValues, configVariables } from "./variables";

type Environment = Readonly<Record<string, string | undefined>>;

/** What is wrong with one variable. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/** The configuration cannot be used: one line per problem, each naming its variable. */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    super(
      [
        "Invalid configuration (docs/configuration.md):",
        ...problems.map((problem) => `  ${problem.variable}: ${problem.message}`),
      ].join("\n"),
    );
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** An empty variable counts as unset (compose files pass `${VAR:-}`). */
const setValueOf = (env: Environment, name: string) => (env[name] === "" ? undefined : env[name]);

/**
 * The variable's text: `NAME`, or for a secret the content of the file `NAME_FILE` names (one trailing
 * newline removed, as `echo` and editors leave one). Both set is a mistake, reported rather than guessed.
 */
function readText(name: ConfigName, env: Environment, problems: ConfigProblem[]): string | undefined {
  const text = setValueOf(env, name);
  if (!configVariables[name].secret) return text;
  const file = setValueOf(env, `${name}_FILE`);
  if (file === undefined) return text;
  if (text !== undefined) {
    problems.push({ variable: name, message: `both ${name} and ${name}_FILE are set; set only one of them` });
    return undefined;
  }
  try {
    return readFileSync(file, "utf8").replace(/\r?\n$/, "");
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    problems.push({ variable: `${name}_FILE`, message: `cannot read ${file} (${reason})` });
    return undefined;
  }
}

/**
 * Reads and validates the named variables from `env` (the process's environment by default), every default
 * applied. Throws a ConfigError listing every invalid variable; a secret's value is never repeated in it.
 */
export function readConfig<const Name extends ConfigName>(
  names: readonly Name[],
  // biome-ignore lint/style/noProcessEnv: the configuration module is the one reader of the environment
  env: Environment = process.env,
): ConfigValues<Name> {
  const problems: ConfigProblem[] = [];
  const values: Record<string, unknown> = {};
  for (const name of names) {
    const variable = configVariables[name];
    const text = readText(name, env, problems);
    const result = variable.schema.safeParse(text);
    if (result.success) {
      values[name] = result.data;
      continue;
    }
    const got = text === undefined ? "" : variable.secret ? " (value not shown: secret)" : ` (got "${text}")`;
    const messages = [...new Set(result.error.issues.map((issue) => issue.message.replace(`${name}: `, "")))];
    problems.push({ variable: name, message: `${messages.join("; ")}${got}` });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return values as ConfigValues<Name>;
}

/** The variables a process reads (each declaration's `readBy`); `every`: all of them. */
export function variablesReadBy(role: ProcessRole | "every"): ConfigName[] {
  return (Object.keys(configVariables) as ConfigName[]).filter(
    (name) => role === "every" || configVariables[name].readBy.includes(role),
  );
}

/**
 * The start of a process: validates every variable it reads; on a problem, prints the list on stderr and
 * exits with status 1 (a clear message, no stack trace).
 */
export function checkConfigAtStart(role: ProcessRole | "every", prefix = "[parley]"): void {
  try {
    readConfig(variablesReadBy(role));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${prefix} ${error.message}`);
    process.exit(1);
  }
}
