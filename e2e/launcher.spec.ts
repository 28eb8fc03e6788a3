import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startEphemeralPostgres } from "../packages/db/src/embeddedPostgres";
import { launchParley, runCli } from "./support/launchParley";

// These start extra copies of the product; one at a time keeps them off each other's ports.
test.describe.configure({ mode: "serial" });

async function scratchDirectory() {
  const directory = await mkdtemp(path.join(tmpdir(), "parley-launcher-"));
  await chmod(directory, 0o755);
  return directory;
}

test("npm start keeps users and tokens across a SIGINT and a restart", async ({ request }) => {
  test.setTimeout(300_000);
  const dataDir = await scratchDirectory();
  const env = {
    DATA_DIR: dataDir,
    BUILDER_PORT: "3310",
    VIEWER_PORT: "3311",
    EMBEDDED_POSTGRES_PORT: "54610",
  };
  try {
    const first = await launchParley(env);
    const demoToken = /API token: (bt_\S+)/.exec(first.output())?.[1];
    expect(demoToken).toBeTruthy();
    const email = `${randomUUID()}@example.test`;
    runCli(env, ["user", "create", "--email", email, "--password", "password-1234", "--workspace", "Kept"]);
    const token = runCli(env, ["token", "create", "--email", email]).trim();
    expect(token).toMatch(/^bt_[\w-]{43}$/);
    expect(await first.stop("SIGINT")).toBe(0);

    const second = await launchParley(env);
    expect(second.output()).toContain(`API token: ${demoToken}`);
    const response = await request.get(`${second.builderUrl}/api/v1/workspaces`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    expect((await response.json()).workspaces).toEqual([expect.objectContaining({ name: "Kept" })]);
    expect(await second.stop("SIGINT")).toBe(0);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("with DATABASE_URL the app migrates and runs on that PostgreSQL", async ({ request }) => {
  test.setTimeout(300_000);
  const external = await startEphemeralPostgres({ database: "external_app" });
  const dataDir = await scratchDirectory();
  const env = {
    DATABASE_URL: external.connectionString,
    DATA_DIR: dataDir,
    BUILDER_PORT: "3320",
    VIEWER_PORT: "3321",
    EMBEDDED_POSTGRES_PORT: "54620",
  };
  try {
    const parley = await launchParley(env);
    expect(parley.output()).toContain("Database: DATABASE_URL");
    expect(parley.output()).toContain("Applied migrations");
    const token = /API token: (bt_\S+)/.exec(parley.output())?.[1];
    const response = await request.get(`${parley.builderUrl}/api/v1/workspaces`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const health = await request.get("http://localhost:3321/api/health");
    expect(await health.json()).toEqual({ status: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    // Without METRICS_TOKEN no process serves /metrics: each app answers it as any unknown page.
    for (const url of [`${parley.builderUrl}/metrics`, "http://localhost:3321/metrics"]) {
      const metrics = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
      expect(metrics.status(), url).toBe(404);
      expect(await metrics.text()).not.toContain("parley_");
    }
    expect(await parley.stop("SIGTERM")).toBe(0);
  } finally {
    await external.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("a port already taken stops npm start with a message naming it, before the database starts", async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(3330, resolve));
  const dataDir = await scratchDirectory();
  try {
    const env = {
      DATA_DIR: dataDir,
      BUILDER_PORT: "3330",
      VIEWER_PORT: "3331",
      EMBEDDED_POSTGRES_PORT: "54630",
    };
    const failure = await launchParley(env).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toContain(
      "Port 3330 (builder) is already in use: stop what listens there or set BUILDER_PORT.",
    );
    expect(failure).not.toContain("Starting the embedded PostgreSQL");
  } finally {
    await new Promise((resolve) => taken.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
});
