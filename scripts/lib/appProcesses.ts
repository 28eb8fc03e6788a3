import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { probePort } from "@parley/db/embedded";
import { projectRoot } from "./launcherEnv";

export type ServiceName = "builder" | "viewer" | "chat-server";

export interface AppProcess {
  name: ServiceName;
  child: ChildProcess;
  url: string;
}

const portVariables: Record<ServiceName, string> = {
  builder: "BUILDER_PORT",
  viewer: "VIEWER_PORT",
  "chat-server": "CHAT_SERVER_PORT",
};

/** An app's standalone output (Next's server.js and the files it needs). */
export function standaloneAppDir(name: Exclude<ServiceName, "chat-server">) {
  return path.join(projectRoot, "apps", name, ".next", "standalone", "apps", name);
}

/**
 * The production build's command line of a service: the chat server bundle, or for an app the bundle of
 * scripts/nextServer.ts serving its standalone output (Next's request handler behind our request guard).
 */
export function serviceCommand(name: ServiceName): string[] {
  const bundle = path.join(projectRoot, "dist", "server");
  return name === "chat-server"
    ? [path.join(bundle, "chatServer.mjs")]
    : [path.join(bundle, "nextServer.mjs"), standaloneAppDir(name)];
}

/** Fails with the command to run when `npm run build` has not produced what a service runs. */
export function assertBuilt(name: ServiceName) {
  const [entry, appDir] = serviceCommand(name);
  for (const file of [entry ?? "", ...(appDir ? [path.join(appDir, "server.js")] : [])]) {
    if (!existsSync(file)) {
      throw new Error(
        `No production build of the ${name} (${path.relative(projectRoot, file)}): run npm run build first.`,
      );
    }
  }
}

/**
 * Fails with a message naming the port's variable when something already listens where an app
 * would (another Parley, say): the health check would otherwise find that one and report success.
 */
export async function assertPortFree(name: ServiceName, port: number, host?: string) {
  await probePort(port, host).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    throw new Error(
      `Port ${port} (${name}) is already in use: stop what listens there or set ${portVariables[name]}.`,
    );
  });
}

/** The address a health check reaches a server on: loopback when it listens on every interface. */
export function localUrl(port: number, host?: string) {
  const isWildcard = !host || host === "0.0.0.0" || host === "::";
  const address = isWildcard ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${address}:${port}`;
}

/**
 * Runs one service, its output prefixed with its name: `next dev` in development, else the
 * production build's entry point (scripts/nextServer.ts reads PORT and HOSTNAME, as Next's standalone
 * server.js does; the chat server CHAT_SERVER_PORT and HOST).
 */
export function startApp(options: {
  name: ServiceName;
  port: number;
  host?: string;
  isDev: boolean;
  env: Record<string, string>;
}): AppProcess {
  const { name, port, host } = options;
  let args: string[];
  let portEnv: Record<string, string>;
  if (options.isDev && name !== "chat-server") {
    const nextBin = createRequire(path.join(projectRoot, "apps", name, "package.json")).resolve(
      "next/dist/bin/next",
    );
    args = [nextBin, "dev", "-p", String(port), ...(host ? ["-H", host] : [])];
    portEnv = {};
  } else {
    assertBuilt(name);
    args = serviceCommand(name);
    portEnv =
      name === "chat-server"
        ? { CHAT_SERVER_PORT: String(port), ...(host ? { HOST: host } : {}) }
        : { PORT: String(port), HOSTNAME: host ?? "0.0.0.0" };
  }
  const child = spawn(process.execPath, args, {
    cwd: name === "chat-server" ? projectRoot : path.join(projectRoot, "apps", name),
    env: {
      ...process.env,
      ...options.env,
      ...portEnv,
      NEXT_TELEMETRY_DISABLED: "1",
      // The role on the service's log lines and metrics (packages/platform/src/processRole.ts).
      PARLEY_PROCESS_ROLE: name,
    },
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
  return { name, child, url: localUrl(port, host) };
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
