import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { findFreePort } from "@parley/db/embedded";

const projectRoot = path.resolve(import.meta.dirname, "../../../..");

export interface ChatServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Output so far (to explain a failure). */
  output: () => string;
}

const chatEnv = {
  LOG_LEVEL: "error",
  CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: "0",
  CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE: "0",
  CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE: "0",
  CHAT_CLEANUP_INTERVAL_SECONDS: "0",
  // Production servers refuse to start without the credentials store's key (and the chat server
  // would otherwise keep one in DATA_DIR).
  ENCRYPTION_SECRET: randomBytes(32).toString("base64url"),
};

/**
 * `npm run chat-server` as its own process on `databaseUrl` (rate limits off unless `env` sets
 * them), listening on `host` (a loopback address, 127.0.0.1 by default), once healthy.
 */
export async function spawnChatServer(
  databaseUrl: string,
  port?: number,
  options: { host?: string; env?: Record<string, string>; startTimeoutMs?: number } = {},
): Promise<ChatServerProcess> {
  const serverPort = port ?? (await findFreePort());
  const host = options.host ?? "127.0.0.1";
  // tsx as a loader in the server's own process (its CLI would add a parent process that a
  // SIGKILL would not reach through).
  return spawnChatProcess({
    args: ["--import", "tsx", path.join(projectRoot, "scripts", "chatServer.ts")],
    cwd: projectRoot,
    env: { ...options.env, DATABASE_URL: databaseUrl, CHAT_SERVER_PORT: String(serverPort), HOST: host },
    port: serverPort,
    host,
    ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
  });
}

/**
 * A Node process serving the chat endpoints on 127.0.0.1:`port` (rate limits off, cleanup off),
 * returned once /api/health answers 200.
 */
export async function spawnChatProcess(options: {
  args: string[];
  cwd: string;
  env: Record<string, string>;
  port: number;
  /** The loopback address it listens on (127.0.0.1 by default). */
  host?: string;
  /** How long it may take to answer /api/health (60 s by default; a benchmark on a loaded machine gives more). */
  startTimeoutMs?: number;
}): Promise<ChatServerProcess> {
  let output = "";
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    // biome-ignore lint/style/noProcessEnv: the child inherits this test process's environment
    env: { ...process.env, ...chatEnv, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-20_000);
    });
  }
  const baseUrl = `http://${options.host ?? "127.0.0.1"}:${options.port}`;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`chat process exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { baseUrl, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`chat process not healthy within ${startTimeoutMs / 1000} s:\n${output}`);
}

export function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });
}

/** Kills (SIGKILL) every process of a test and waits until each has exited. */
export async function killChatProcesses(processes: { child: ChildProcess }[]) {
  for (const { child } of processes) {
    child.kill("SIGKILL");
    await waitForExit(child);
  }
}
