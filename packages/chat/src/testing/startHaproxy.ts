import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { findFreePort } from "@parley/db/embedded";

const projectRoot = path.resolve(import.meta.dirname, "../../../..");

/** The HAProxy configuration that compose.yaml runs, used as it is. */
export const haproxyConfigFile = path.join(projectRoot, "deploy", "haproxy.cfg");

export interface HaproxyServerState {
  name: string;
  /** `UP`, `DOWN`, `MAINT`… as HAProxy's status page says. */
  status: string;
  /** Requests sent to it so far. */
  requests: number;
}

export interface RunningHaproxy {
  /** `http://127.0.0.1:<port>`: the frontend every client talks to. */
  url: string;
  /** HAProxy's process id (its CPU time is read by the scale benchmark). */
  pid: number | undefined;
  /** The servers of one backend (`builder`, `viewer`, `chat_servers`) that DNS filled in. */
  servers(backend: string): Promise<HaproxyServerState[]>;
  /** Resolves once `count` servers of `backend` are UP (health checks passed). */
  waitForUpServers(backend: string, count: number, timeoutMs?: number): Promise<void>;
  output(): string;
  close(): Promise<void>;
}

function findHaproxy() {
  const found = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"].find((file) =>
    existsSync(file),
  );
  if (!found) {
    throw new Error("HAProxy is not installed: apt-get install haproxy (.ci/run installs it when missing).");
  }
  return found;
}

/**
 * Debian's HAProxy on loopback with deploy/haproxy.cfg. `env` gives the configuration's variables
 * (BUILDER_SERVERS, VIEWER_SERVERS, CHAT_SERVERS, DNS_SERVER, BUILDER_HOST); the HTTP bind (unless
 * HTTP_BIND is given) and the status page's are free loopback ports. Runs in the foreground (-db) until `close()`.
 */
export async function startHaproxy(env: Record<string, string>): Promise<RunningHaproxy> {
  const [httpPort, statsPort] = [await findFreePort(), await findFreePort()];
  // A caller that must know the address beforehand (the apps' VIEWER_URL) gives HTTP_BIND itself.
  const httpBind = env.HTTP_BIND ?? `127.0.0.1:${httpPort}`;
  let output = "";
  const child: ChildProcess = spawn(findHaproxy(), ["-db", "-f", haproxyConfigFile], {
    // Only the configuration's variables: nothing of the test's environment leaks into it.
    env: {
      NODE_ENV: "production",
      HTTP_BIND: httpBind,
      STATS_BIND: `127.0.0.1:${statsPort}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-20_000);
    });
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;

  const servers = async (backend: string): Promise<HaproxyServerState[]> => {
    const csv = await (await fetch(statsUrl, { signal: AbortSignal.timeout(2_000) })).text();
    const [header = "", ...rows] = csv.trim().split("\n");
    const columns = header.replace(/^# /, "").split(",");
    const column = (name: string) => columns.indexOf(name);
    return (
      rows
        .map((row) => row.split(","))
        .filter((cells) => cells[column("pxname")] === backend && cells[column("type")] === "2")
        .map((cells) => ({
          name: cells[column("svname")] ?? "",
          status: cells[column("status")] ?? "",
          requests: Number(cells[column("stot")] ?? 0),
        }))
        // A slot no DNS answer filled is in maintenance ("MAINT (resolution)").
        .filter((server) => !server.status.startsWith("MAINT"))
    );
  };

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited (${child.exitCode}):\n${output}`);
    try {
      await servers("chat_servers");
      break;
    } catch {
      if (Date.now() - started > 15_000) {
        child.kill("SIGKILL");
        throw new Error(`HAProxy's status page did not answer within 15 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url: `http://${httpBind}`,
    pid: child.pid,
    servers,
    waitForUpServers: async (backend, count, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      let last: HaproxyServerState[] = [];
      while (Date.now() < deadline) {
        last = await servers(backend);
        if (last.filter((server) => server.status === "UP").length >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(
        `${backend}: ${count} servers not UP within ${timeoutMs} ms: ${JSON.stringify(last)}\n${output}`,
      );
    },
    output: () => output,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
