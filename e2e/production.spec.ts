import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startHaproxy } from "../packages/chat/src/testing/startHaproxy";
import { findFreePort, startEphemeralPostgres } from "../packages/db/src/embeddedPostgres";
import { startLocalDnsServer } from "../packages/integrations/src/testing/startLocalDnsServer";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createImageLayout, type ImageLayout } from "./support/imageLayout";

// `npm run build`, `npm run migrate` and `npm run start:prod` exactly as the Dockerfile runs them,
// against an external PostgreSQL (the embedded one, started as a plain server), behind Debian's
// HAProxy with deploy/haproxy.cfg as compose.yaml runs it: DNS names for the services, the builder
// by host name (`localhost` here), everything else to the viewer and the chat turns to the chat server.
// The operator's CLI runs as the image runs it (`docker compose exec builder parley …`): bin/parley
// from the build's output, with only the production packages installed (no tsx).
const projectRoot = path.resolve(import.meta.dirname, "..");

/** `npm run <script>` with `env` on top of this process's environment. */
function npmRun(script: string, env: Record<string, string>, args: string[] = []) {
  return spawnSync("npm", ["run", script, ...(args.length > 0 ? ["--", ...args] : [])], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 600_000,
  });
}

/** The node process under `pid` (npm, then its shell) running `script`. */
function findNodeProcess(pid: number, script: string): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(" ")
    .filter(Boolean);
  for (const child of children.map(Number)) {
    const [program = "", ...args] = readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0");
    if (path.basename(program) === "node" && args.includes(script)) return child;
    const found = findNodeProcess(child, script);
    if (found) return found;
  }
  return 0;
}

async function waitForOutput(child: ChildProcess, output: () => string, text: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!output().includes(text)) {
    if (child.exitCode !== null) throw new Error(`start:prod exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("npm run build, migrate and start:prod serve builder, viewer and chat server behind HAProxy on an external PostgreSQL", async () => {
  test.setTimeout(600_000);
  const external = await startEphemeralPostgres({ database: "parley_production" });
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-production-"));
  await chmod(dataDir, 0o755);
  const [builderPort, viewerPort, chatPort] = [
    await findFreePort(),
    await findFreePort(),
    await findFreePort(),
  ];
  const dns = await startLocalDnsServer({
    "builder.parley.test": ["127.0.0.1"],
    "viewer.parley.test": ["127.0.0.1"],
    "chat-server.parley.test": ["127.0.0.1"],
  });
  const haproxy = await startHaproxy({
    DNS_SERVER: dns.address,
    BUILDER_HOST: "localhost",
    BUILDER_SERVERS: `builder.parley.test:${builderPort}`,
    VIEWER_SERVERS: `viewer.parley.test:${viewerPort}`,
    CHAT_SERVERS: `chat-server.parley.test:${chatPort}`,
  });
  const proxyPort = new URL(haproxy.url).port;
  const builderUrl = `http://localhost:${proxyPort}`;
  const viewerUrl = `http://127.0.0.1:${proxyPort}`;
  const metricsToken = randomBytes(24).toString("base64url");
  const productionEnv = {
    DATABASE_URL: external.connectionString,
    ENCRYPTION_SECRET: randomBytes(32).toString("base64url"),
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    BUILDER_PORT: String(builderPort),
    VIEWER_PORT: String(viewerPort),
    CHAT_SERVER_PORT: String(chatPort),
    BUILDER_URL: builderUrl,
    VIEWER_URL: viewerUrl,
    LOG_LEVEL: "warn",
    METRICS_TOKEN: metricsToken,
  };
  let server: ChildProcess | undefined;
  let image: ImageLayout | undefined;
  try {
    // With the environment the browser tests' server built with (turbo.json's globalEnv is part of
    // the build's hash, see playwright.config.ts): the build it made is reused, not made again.
    const build = npmRun("build", {
      EMBEDDED_POSTGRES_PORT: process.env.E2E_POSTGRES_PORT ?? "",
      LOG_LEVEL: "warn",
    });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stdout).toContain("Production builds are up to date.");

    // Production never starts without its secrets.
    const { ENCRYPTION_SECRET: _secret, ...withoutSecret } = productionEnv;
    const refused = npmRun("start:prod", withoutSecret);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("ENCRYPTION_SECRET is required in production");
    const { DATABASE_URL: _database, ...withoutDatabase } = productionEnv;
    const refusedWithoutDatabase = npmRun("start:prod", withoutDatabase);
    expect(refusedWithoutDatabase.status).toBe(1);
    expect(refusedWithoutDatabase.stderr).toContain("DATABASE_URL is required in production");

    const migrate = npmRun("migrate", { DATABASE_URL: external.connectionString });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain("Applied migrations");
    expect(npmRun("migrate", { DATABASE_URL: external.connectionString }).stdout).toContain(
      "The database is up to date.",
    );

    let output = "";
    server = spawn("npm", ["run", "start:prod"], {
      cwd: projectRoot,
      env: { ...process.env, ...productionEnv, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    for (const stream of [server.stdout, server.stderr]) {
      stream?.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
    }
    const exited = new Promise<number | null>((resolve) => server?.once("exit", (code) => resolve(code)));
    for (const name of ["builder", "viewer", "chat-server"]) {
      await waitForOutput(server, () => output, `${name} is healthy`, 180_000);
    }
    for (const backend of ["builder", "viewer", "chat_servers"]) await haproxy.waitForUpServers(backend, 1);

    // No demo account in production: the database holds no user until the operator creates the first one.
    const database = new pg.Client({ connectionString: external.connectionString });
    await database.connect();
    const users = await database
      .query('SELECT count(*)::int AS count FROM "User"')
      .finally(() => database.end());
    expect(users.rows[0].count).toBe(0);
    const email = `${randomUUID()}@example.test`;
    image = await createImageLayout();
    expect(() => createRequire(path.join(image?.root ?? "", "package.json")).resolve("tsx")).toThrow(
      "Cannot find module 'tsx'",
    );
    const cliEnv = { DATABASE_URL: external.connectionString, DATA_DIR: dataDir };
    const parley = (args: string[], input?: string) => {
      const run = image?.parley(args, { env: cliEnv, input });
      expect(run?.status, `parley ${args.join(" ")}: ${run?.stderr}`).toBe(0);
      return String(run?.stdout ?? "");
    };
    parley(["user", "create", "--email", email, "--password", "password-1234", "--workspace", "Prod"]);
    const token = parley(["token", "create", "--email", email]).trim();
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };

    // The builder, by its host name.
    const workspaces = await fetch(`${builderUrl}/api/v1/workspaces`, { headers });
    expect(workspaces.status).toBe(200);
    const { workspaces: list } = (await workspaces.json()) as { workspaces: { id: string; name: string }[] };
    expect(list.map((workspace) => workspace.name)).toEqual(["Prod"]);
    const created = await fetch(`${builderUrl}/api/v1/bots`, {
      method: "POST",
      headers,
      body: JSON.stringify({ workspaceId: list[0]?.id, bot: embedBot }),
    });
    expect(created.status).toBe(200);
    const { bot } = (await created.json()) as { bot: { id: string; publicId: string } };
    expect(
      (await fetch(`${builderUrl}/api/v1/bots/${bot.id}/publish`, { method: "POST", headers })).status,
    ).toBe(200);

    // The viewer's share page, and a chat through the chat server.
    const page = await fetch(`${viewerUrl}/${bot.publicId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
    const start = await fetch(`${viewerUrl}/api/v1/bots/${bot.publicId}/startChat`, {
      method: "POST",
      headers,
      body: "{}",
    });
    expect(start.status).toBe(200);
    const started = (await start.json()) as { sessionId: string; messages: unknown[] };
    expect(JSON.stringify(started.messages)).toContain("Hello from the embed!");
    const turn = await fetch(`${viewerUrl}/api/v1/sessions/${started.sessionId}/continueChat`, {
      method: "POST",
      headers,
      body: JSON.stringify({ message: "Ada" }),
    });
    expect(turn.status).toBe(200);
    expect(JSON.stringify(await turn.json())).toContain("Thanks Ada");

    // Each request went where the configuration sends it.
    const requests = async (backend: string) =>
      (await haproxy.servers(backend)).reduce((sum, server) => sum + server.requests, 0);
    expect(await requests("builder")).toBeGreaterThanOrEqual(3);
    expect(await requests("viewer")).toBeGreaterThanOrEqual(1);
    expect(await requests("chat_servers")).toBeGreaterThanOrEqual(2);

    // Each app's server serves its own metrics on its port (docs/deploy.md, "Metrics"), to a scrape carrying
    // METRICS_TOKEN: the requests above counted under their Next route, with the process's role.
    const scrapes = { builder: builderPort, viewer: viewerPort };
    for (const [role, port] of Object.entries(scrapes)) {
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(scrape.status, role).toBe(200);
      expect(scrape.headers.get("content-type")).toContain("text/plain");
      const text = await scrape.text();
      expect(text).toMatch(new RegExp(`^parley_build_info\\{.*role="${role}".*\\} 1$`, "m"));
      const route = role === "builder" ? "/api/v1/[...path]" : "/[publicId]";
      const counted = text
        .split("\n")
        .filter((line) => line.startsWith("parley_http_request_duration_seconds_count{"))
        .find((line) => line.includes(`route="${route}"`) && line.includes('status="200"'));
      expect(counted, `${role} ${route}`).toContain(`role="${role}"`);
      expect(Number(counted?.split(" ").at(-1))).toBeGreaterThanOrEqual(1);
      // No token, another one, or through the public port (HAProxy): 401 in the contract's body, no metric.
      for (const [url, authorization] of [
        [`http://127.0.0.1:${port}/metrics`, undefined],
        [`http://127.0.0.1:${port}/metrics`, `Bearer ${metricsToken}x`],
        [
          `http://127.0.0.1:${port}/metrics`,
          `Basic ${Buffer.from(`prometheus:${metricsToken}`).toString("base64")}`,
        ],
        [`${role === "builder" ? builderUrl : viewerUrl}/metrics`, undefined],
      ] as const) {
        const refused = await fetch(url, { headers: authorization ? { authorization } : {} });
        expect(refused.status, `${url} ${authorization}`).toBe(401);
        const body = await refused.text();
        expect(JSON.parse(body)).toEqual({
          code: "UNAUTHORIZED",
          message: "Authorization not provided",
          issues: [],
        });
        expect(body).not.toContain("parley_");
      }
    }

    // The way back into an account without SMTP: `parley user reset-password`, the password on
    // standard input. The builder then takes the new password and no longer the old one.
    const signIn = (password: string) =>
      fetch(`${builderUrl}/api/trpc/auth.signIn`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: builderUrl },
        body: JSON.stringify({ email, password }),
      });
    expect(parley(["user", "reset-password", "--email", email], "a new passphrase\n")).toContain(
      `Password of ${email} changed`,
    );
    expect((await signIn("password-1234")).status).toBe(400);
    expect((await signIn("a new passphrase")).status).toBe(200);
    expect(await readdir(dataDir)).toEqual([]);

    // SIGTERM to start:prod's own process, as `docker stop` sends it to the container's command (npm
    // itself does not pass SIGTERM on: the image runs the script's command, see the Dockerfile):
    // the servers finish what they serve and stop, and npm exits 0 with it.
    const startProd = findNodeProcess(server.pid ?? 0, "dist/server/startProd.mjs");
    expect(startProd).toBeGreaterThan(0);
    process.kill(startProd, "SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("[parley] Stopped.");
    server = undefined;
  } finally {
    if (server?.pid) process.kill(-server.pid, "SIGKILL");
    await image?.remove();
    await haproxy.close();
    await dns.close();
    await external.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
