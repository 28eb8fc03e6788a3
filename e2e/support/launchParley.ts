import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import path from "node:path";

const projectRoot = path.resolve(import.meta.dirname, "../..");

export interface LaunchedParley {
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  builderUrl: string;
}

/** Runs `npm start` (scripts/start.ts, on the existing builds) and waits for its banner. */
export async function launchParley(env: Record<string, string>, { extraArgs = [] as string[] } = {}) {
  const child: ChildProcess = spawn(
    process.execPath,
    // `node --import tsx`, not the tsx CLI: the CLI is a second process that relays signals and
    // SIGKILLs its child when the child does not acknowledge one within 60 ms (a busy machine).
    ["--import", "tsx", "scripts/start.ts", "--skip-build", ...extraArgs],
    {
      cwd: projectRoot,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 180_000;
  while (!output.includes("Parley is running.")) {
    if (child.exitCode !== null) throw new Error(`start.ts exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`start.ts did not come up:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    output: () => output,
    builderUrl: `http://localhost:${env.BUILDER_PORT}`,
    stop: (signal: NodeJS.Signals = "SIGINT") => {
      child.kill(signal);
      return exited;
    },
  } satisfies LaunchedParley;
}

/** `npm run cli -- …` against the same environment; returns stdout. */
export function runCli(env: Record<string, string>, args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
    cwd: projectRoot,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`cli ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout;
}
