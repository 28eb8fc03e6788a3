import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { createId, getPrisma } from "@parley/db";
import { deriveServerKey, encryptCredentials } from "@parley/integrations/credentials/credentialsCipher";
import { startSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { startRedisServer } from "@parley/platform/testing/startRedisServer";
import { describe, expect, it } from "vitest";
import type { CommandRun } from "./cliContext";
import { runDoctorChecks } from "./doctorActions";
import { runCli } from "./runCli";

const run: CommandRun = {
  database: async () => getPrisma(),
  stdout: { write: () => true },
  stderr: { write: () => true },
  stdin: Readable.from([]),
  json: false,
};
const statusOf = (checks: { name: string; status: string }[], name: string) =>
  checks.filter((check) => check.name === name).map((check) => check.status);

describe("doctor", () => {
  it("checks the database and its migrations, and SMTP and Redis when set, against real servers", async () => {
    const smtp = await startSmtpServer();
    const redis = await startRedisServer();
    try {
      const healthy = await runDoctorChecks(run, {
        smtp: { host: "127.0.0.1", port: smtp.port, secure: false },
        redisUrl: redis.url,
      });
      expect(healthy).toEqual(
        expect.arrayContaining([
          { name: "platform variables", status: "ok", detail: "valid" },
          { name: "database", status: "ok", detail: "reachable" },
          { name: "migrations", status: "ok", detail: expect.stringMatching(/^all \d+ applied$/) },
          { name: "SMTP", status: "ok", detail: `127.0.0.1:${smtp.port} accepts the connection` },
          { name: "Redis", status: "ok", detail: "answers PING" },
        ]),
      );
      expect(smtp.connections).toBeGreaterThan(0);
    } finally {
      await smtp.close();
      await redis.kill();
    }
    const down = await runDoctorChecks(
      run,
      { smtp: { host: "127.0.0.1", port: smtp.port, secure: false }, redisUrl: redis.url },
      500,
    );
    expect(statusOf(down, "SMTP")).toEqual(["fail"]);
    expect(statusOf(down, "Redis")).toEqual(["fail"]);
  });

  it("reports a migration the release does not ship, and whether ENCRYPTION_SECRET opens stored credentials", async () => {
    const prisma = getPrisma();
    const future = "29991231000000_from_a_newer_release";
    await prisma.$executeRaw`INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count) VALUES (${createId()}, 'x', ${future}, now(), 1)`;
    try {
      const checks = await runDoctorChecks(run);
      expect(checks).toContainEqual({
        name: "migrations",
        status: "warn",
        detail: `applied but not shipped by this release (a newer one ran?): ${future}`,
      });
    } finally {
      await prisma.$executeRaw`DELETE FROM _prisma_migrations WHERE migration_name = ${future}`;
    }

    const [secret, previous, other] = [1, 2, 3].map(() => randomBytes(32).toString("base64url"));
    const { workspaceId } = await createTestUser();
    const binding = { id: createId(), workspaceId, type: "openai" };
    const sealed = encryptCredentials(
      { apiKey: "sk" },
      binding,
      deriveServerKey("credentials aes-256-gcm", secret!),
    );
    await prisma.credentials.create({ data: { ...binding, name: "key", ...sealed } });
    const encryption = async (settings: { encryptionSecret: string; previousEncryptionSecret?: string }) =>
      (await runDoctorChecks(run, settings)).find((check) => check.name === "encryption");
    expect(await encryption({ encryptionSecret: secret! })).toMatchObject({ status: "ok" });
    expect(await encryption({ encryptionSecret: other! })).toMatchObject({
      status: "fail",
      detail: expect.stringContaining("was it changed without a rotation?"),
    });
    expect(await encryption({ encryptionSecret: other!, previousEncryptionSecret: secret! })).toMatchObject({
      status: "warn",
    });
    expect(await encryption({ encryptionSecret: other!, previousEncryptionSecret: previous! })).toMatchObject(
      {
        status: "fail",
      },
    );
  });

  it("prints one line per check, or JSON, and exits 1 when a check fails", async () => {
    let stdout = "";
    const context = { ...run, stdout: { write: (text: string) => (stdout += text) } };
    const code = await runCli(["doctor", "--json"], context);
    const report = JSON.parse(stdout);
    expect(code).toBe(report.ok ? 0 : 1);
    expect(report.checks).toContainEqual({ name: "database", status: "ok", detail: "reachable" });
    stdout = "";
    await runCli(["doctor"], context);
    expect(stdout).toMatch(/^ok {4}platform variables {2,}valid$/m);
    expect(stdout).toMatch(/^ok {4}database {2,}reachable$/m);
  });
});
