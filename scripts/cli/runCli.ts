import { parleyVersion } from "@parley/platform/version";
import { Command, CommanderError } from "commander";
import { addBotCommands } from "./botCommands";
import { type CliContext, UsageError, writeLine } from "./cliContext";
import { addDoctorCommand } from "./doctorCommands";
import { addSecretsCommands } from "./secretsCommands";
import { addTokenCommands } from "./tokenCommands";
import { addUserCommands } from "./userCommands";
import { addWorkspaceCommands } from "./workspaceCommands";

export const exitCodes = { ok: 0, failure: 1, usage: 2 } as const;

/** The command tree; every command and group answers --help (exit 0), a wrong invocation exits 2. */
export function buildProgram(context: CliContext): Command {
  const program = new Command(context.programName ?? "npm run cli --");
  program
    .version(parleyVersion, "-V, --version", "prints the version of Parley and exits")
    .option("--json", "print results as JSON on standard output (lists as arrays), for scripts")
    .description(
      "Administers a Parley install without the UI, against the same database as `npm start` (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR).",
    )
    .addHelpText(
      "after",
      "\nExit codes: 0 done, 1 the command failed (the reason is on standard error), 2 usage error.\nEvery command answers --help.",
    );
  addUserCommands(program, context);
  addTokenCommands(program, context);
  addWorkspaceCommands(program, context);
  addBotCommands(program, context);
  addSecretsCommands(program, context);
  addDoctorCommand(program, context);
  const configure = (command: Command) => {
    command
      .exitOverride()
      .configureOutput({
        writeOut: (text) => context.stdout.write(text),
        writeErr: (text) => context.stderr.write(text),
      })
      .showHelpAfterError("(add --help for usage)")
      .helpCommand(false);
    for (const child of command.commands) configure(child);
  };
  configure(program);
  return program;
}

/** Runs one invocation (`argv` without node and the script) and resolves its exit code. */
export async function runCli(argv: string[], context: CliContext): Promise<number> {
  const program = buildProgram(context);
  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      const isHelp = error.code === "commander.helpDisplayed" || error.code === "commander.version";
      return isHelp ? exitCodes.ok : exitCodes.usage;
    }
    if (error instanceof UsageError) {
      writeLine(context.stderr, `error: ${error.message}`);
      return exitCodes.usage;
    }
    writeLine(context.stderr, `Error: ${await describeError(error)}`);
    return exitCodes.failure;
  }
}

async function describeError(error: unknown): Promise<string> {
  // Loaded on failure only: the platform's errors module is not needed for --help.
  const { toCanonicalError } = await import("@parley/platform/errors");
  const canonical = toCanonicalError(error);
  if (canonical.issues[0]) return canonical.issues.map((issue) => issue.message).join("; ");
  return error instanceof Error ? error.message : String(error);
}
