import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { findFreePort } from "@parley/db/embedded";

export interface RunningRedis {
  url: string;
  child: ChildProcess;
  /** SIGKILLs the server and waits for its exit. */
  kill: () => Promise<void>;
}

/** Debian's redis-server (REDIS_SERVER_BIN to use another): `.ci/run` installs it when missing. */
function findRedisServer(): string {
  // biome-ignore lint/style/noProcessEnv: where a test finds the binary, not configuration of the product
  const candidates = [process.env.REDIS_SERVER_BIN, "/usr/bin/redis-server", "/usr/local/bin/redis-server"];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) {
    throw new Error(
      "No redis-server found: install it (Debian: `apt-get install redis-server`) or set REDIS_SERVER_BIN.",
    );
  }
  return found;
}

/**
 * A throw-away Redis on 127.0.0.1 (a free port, nothing saved to disk), once it accepts connections.
 * `port` restarts one where a killed one listened.
 */
export async function startRedisServer(port?: number): Promise<RunningRedis> {
  const serverPort = port ?? (await findFreePort());
  const child = spawn(
    findRedisServer(),
    [
      "--port",
      String(serverPort),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      "/tmp",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("Ready to accept connections")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `redis://127.0.0.1:${serverPort}`,
    child,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
