// Server and load-generator processes of the chat benchmark.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

export const projectRoot = path.join(import.meta.dirname, "..", "..");
const nextBin = createRequire(path.join(projectRoot, "apps", "viewer", "package.json")).resolve(
  "next/dist/bin/next",
);

export interface BenchServer {
  name: string;
  baseUrl: string;
  child: ChildProcess;
}

export function startServer(
  name: string,
  command: { args: string[]; cwd?: string },
  port: number,
  env: Record<string, string>,
): BenchServer {
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd ?? projectRoot,
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return { name, baseUrl: `http://127.0.0.1:${port}`, child };
}

export const commands = {
  nextStart: (appDir: string, port: number) => ({
    args: [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"],
    cwd: appDir,
  }),
  nextBuild: (appDir: string) => ({ args: [nextBin, "build"], cwd: appDir }),
  // tsx as a loader of the server's own process (its CLI would interpose a parent process).
  tsx: (script: string, ...args: string[]) => ({ args: ["--import", "tsx", script, ...args] }),
};

export function runToCompletion(command: { args: string[]; cwd?: string }, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, command.args, {
    cwd: command.cwd ?? projectRoot,
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`${command.args.join(" ")} failed`);
}

/** Waits until the server answers HTTP at all (any status). */
export async function waitUntilListening(server: BenchServer, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`${server.name} exited with ${server.child.exitCode}`);
    try {
      await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${server.name} did not listen within ${timeoutMs} ms`);
}

export function stopServer(server: BenchServer): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    const timer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
    server.child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill("SIGTERM");
  });
}

export interface LoadResult {
  count: number;
  /** Successful requests of the whole run, warm-up included. */
  completed: number;
  errors: number;
  firstError: string;
  durationMs: number;
  latenciesMs: number[];
}

/** Runs bench/chat/loadClient.ts in its own process and returns what it measured. */
export function runLoad(options: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "loadClient.ts"), JSON.stringify(options)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`load client exited with ${code}`));
      resolve(JSON.parse(output) as LoadResult);
    });
  });
}
