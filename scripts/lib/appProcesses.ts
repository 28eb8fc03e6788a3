import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { probePort } from "@parley/db/embedded";
import { projectRoot } from "./launcherEnv";

export interface AppProcess {
  name: string;
  child: ChildProcess;
  url: string;
}

const nextBin = createRequire(path.join(projectRoot, "apps/builder/package.json")).resolve(
  "next/dist/bin/next",
);

/**
 * Fails with a message naming the port's variable when something already listens where an app
 * would (another Parley, say): the health check would otherwise find that one and report success.
 */
export async function assertPortFree(name: "builder" | "viewer", port: number, host?: string) {
  await probePort(port, host).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    const variable = name === "builder" ? "BUILDER_PORT" : "VIEWER_PORT";
    throw new Error(`Port ${port} (${name}) is already in use: stop what listens there or set ${variable}.`);
  });
}

/** Runs `next start` (or `next dev`) for one app, its output prefixed with the app's name. */
export function startApp(options: {
  name: "builder" | "viewer";
  port: number;
  host?: string;
  isDev: boolean;
  env: Record<string, string>;
  url: string;
}): AppProcess {
  const args = [nextBin, options.isDev ? "dev" : "start", "-p", String(options.port)];
  if (options.host) args.push("-H", options.host);
  const child = spawn(process.execPath, args, {
    cwd: path.join(projectRoot, "apps", options.name),
    env: { ...process.env, ...options.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = `[${options.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream?.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  return { name: options.name, child, url: options.url };
}

/** Polls GET <url>/api/health until it answers 200. */
export async function waitUntilHealthy(app: AppProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`${app.name} exited with code ${app.child.exitCode}`);
    try {
      const response = await fetch(`${app.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(
    `${app.name} did not become healthy at ${app.url} within ${Math.round(timeoutMs / 1000)} s`,
  );
}

export function stopApp(app: AppProcess): Promise<void> {
  return new Promise((resolve) => {
    if (app.child.exitCode !== null || app.child.signalCode !== null) return resolve();
    const timer = setTimeout(() => app.child.kill("SIGKILL"), 10_000);
    app.child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    app.child.kill("SIGTERM");
  });
}
