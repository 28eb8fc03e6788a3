import { z } from "zod";
import { type CommandRun, writeLine } from "./cliContext";
import type { DoctorCheck, DoctorSettings } from "./doctorChecks";
import { writeJson } from "./output";
import { parseOptions } from "./parseOptions";

/**
 * The environment modules the servers read, each loaded as they load it: a variable a module refuses
 * fails here with the same message the server would stop on. (The launcher's own variables, DATABASE_URL,
 * DATA_DIR and the ports, are read when the database opens: an invalid one stops the CLI with its message.)
 */
const environmentModules = {
  "platform variables": () => import("@parley/platform/env"),
  "integrations variables": () => import("@parley/integrations/env"),
  "API variables": () => import("@parley/api/env"),
  "chat variables": () => import("@parley/chat/core/env"),
} as const;

async function readDoctorSettings(timeoutMs: number): Promise<DoctorSettings> {
  const [{ platformEnv }, { integrationsEnv }, { chatEnv }, { launcherEnv }, { readCurrentSecret }] =
    await Promise.all([
      import("@parley/platform/env"),
      import("@parley/integrations/env"),
      import("@parley/chat/core/env"),
      import("../lib/launcherEnv"),
      import("./readCurrentSecret"),
    ]);
  return {
    isProduction: launcherEnv.NODE_ENV === "production",
    hasDatabaseUrl: Boolean(launcherEnv.DATABASE_URL),
    encryptionSecret: await readCurrentSecret(),
    previousEncryptionSecret: integrationsEnv.ENCRYPTION_SECRET_PREVIOUS,
    publicUrls: { BUILDER_URL: launcherEnv.builderUrl, VIEWER_URL: launcherEnv.viewerUrl },
    smtp: integrationsEnv.SMTP_HOST
      ? {
          host: integrationsEnv.SMTP_HOST,
          port: integrationsEnv.SMTP_PORT,
          secure: integrationsEnv.SMTP_SECURE,
          username: integrationsEnv.SMTP_USERNAME,
          password: integrationsEnv.SMTP_PASSWORD,
        }
      : undefined,
    redisUrl: platformEnv.REDIS_URL,
    s3Endpoint: chatEnv.S3_ENDPOINT,
    timeoutMs,
  };
}

/** Every check, in order: variables, settings, database and migrations, encryption, optional services. */
export async function runDoctorChecks(
  run: CommandRun,
  overrides: Partial<DoctorSettings> = {},
  timeoutMs = 3000,
): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const [name, load] of Object.entries(environmentModules)) {
    try {
      await load();
      checks.push({ name, status: "ok", detail: "valid" });
    } catch (error) {
      checks.push({ name, status: "fail", detail: describeEnvironmentError(error) });
    }
  }
  if (checks.some((check) => check.status === "fail")) return checks;
  // The checks read those modules: loaded once they are known to load.
  const { checkDatabase, checkEncryption, checkServices, checkSettings } = await import("./doctorChecks");
  const settings = { ...(await readDoctorSettings(timeoutMs)), ...overrides };
  checks.push(...checkSettings(settings));
  let prisma: Awaited<ReturnType<CommandRun["database"]>> | undefined;
  try {
    prisma = await run.database();
  } catch (error) {
    checks.push({
      name: "database",
      status: "fail",
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  if (prisma) {
    const databaseChecks = await checkDatabase(prisma);
    checks.push(...databaseChecks);
    if (databaseChecks[0]?.status === "ok") checks.push(await checkEncryption(prisma, settings));
  }
  checks.push(...(await checkServices(settings)));
  return checks;
}

/** A schema's refusal as `VARIABLE: message` lines, like the servers print it. */
function describeEnvironmentError(error: unknown): string {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  if (Array.isArray(issues))
    return issues.map((issue) => `${issue.path.map(String).join(".")}: ${issue.message}`).join("; ");
  return error instanceof Error ? error.message : String(error);
}

export async function doctor(run: CommandRun, values: unknown) {
  const { timeout } = parseOptions(
    z.object({ timeout: z.coerce.number().int().min(100).max(60_000) }),
    values,
  );
  const checks = await runDoctorChecks(run, {}, timeout);
  const failed = checks.filter((check) => check.status === "fail").length;
  if (run.json) writeJson(run, { ok: failed === 0, checks });
  else {
    const width = Math.max(...checks.map((check) => check.name.length));
    for (const check of checks)
      writeLine(run.stdout, `${check.status.padEnd(4)}  ${check.name.padEnd(width)}  ${check.detail}`);
  }
  if (failed > 0) throw new Error(`${failed} check(s) failed`);
}
