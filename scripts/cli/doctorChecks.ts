import type { Database } from "@parley/db";
import { readMigrationStatus } from "@parley/db/migrate";
import { decryptCredentials, deriveServerKey } from "@parley/integrations/credentials/credentialsCipher";
import { Redis } from "ioredis";
import nodemailer from "nodemailer";

export type CheckStatus = "ok" | "warn" | "fail";

export interface DoctorCheck {
  name: string;
  status: CheckStatus;
  detail: string;
}

/** What the checks read: the variables of the process by default (readDoctorSettings), explicit in tests. */
export interface DoctorSettings {
  isProduction: boolean;
  hasDatabaseUrl: boolean;
  encryptionSecret?: string;
  previousEncryptionSecret?: string;
  publicUrls: Record<string, string>;
  smtp?: { host: string; port: number; secure: boolean; username?: string; password?: string };
  redisUrl?: string;
  s3Endpoint?: string;
  /** How long an optional service may take to answer. */
  timeoutMs: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The production requirements and the public URLs. */
export function checkSettings(settings: DoctorSettings): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  if (settings.isProduction) {
    checks.push(
      settings.hasDatabaseUrl
        ? { name: "DATABASE_URL", status: "ok", detail: "set" }
        : { name: "DATABASE_URL", status: "fail", detail: "required in production (NODE_ENV=production)" },
      settings.encryptionSecret
        ? { name: "ENCRYPTION_SECRET", status: "ok", detail: "set" }
        : {
            name: "ENCRYPTION_SECRET",
            status: "fail",
            detail: "required in production (NODE_ENV=production)",
          },
    );
  } else if (!settings.encryptionSecret) {
    checks.push({
      name: "ENCRYPTION_SECRET",
      status: "warn",
      detail: "not set and no DATA_DIR/encryption-secret yet (npm start generates one)",
    });
  }
  for (const [name, value] of Object.entries(settings.publicUrls)) {
    const url = new URL(value);
    const isLocal = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    if (settings.isProduction && isLocal) {
      checks.push({
        name,
        status: "warn",
        detail: `${value}: a local address in production (links and embeds use it)`,
      });
    } else if (settings.isProduction && url.protocol !== "https:") {
      checks.push({ name, status: "warn", detail: `${value}: not HTTPS in production` });
    } else checks.push({ name, status: "ok", detail: value });
  }
  if (settings.previousEncryptionSecret) {
    checks.push({
      name: "ENCRYPTION_SECRET_PREVIOUS",
      status: "warn",
      detail: "a rotation is under way: run `secrets rotate`, then remove it",
    });
  }
  return checks;
}

/** The database answers, and its applied migrations are the ones this release ships. */
export async function checkDatabase(prisma: Database): Promise<DoctorCheck[]> {
  try {
    await prisma.workspace.count({ take: 1 });
  } catch (error) {
    return [{ name: "database", status: "fail", detail: `unreachable: ${errorText(error)}` }];
  }
  const checks: DoctorCheck[] = [{ name: "database", status: "ok", detail: "reachable" }];
  const { shipped, applied: appliedNames, failed } = await readMigrationStatus(prisma);
  if (!appliedNames) {
    return [
      ...checks,
      { name: "migrations", status: "fail", detail: "none applied (run the migrations: npm run migrate)" },
    ];
  }
  const applied = new Set(appliedNames);
  const pending = shipped.filter((name) => !applied.has(name));
  const unknown = [...applied].filter((name) => !shipped.includes(name)).sort();
  if (failed.length > 0) {
    checks.push({
      name: "migrations",
      status: "fail",
      detail: `failed and not rolled back: ${failed.join(", ")}`,
    });
  } else if (pending.length > 0) {
    checks.push({
      name: "migrations",
      status: "fail",
      detail: `${pending.length} of ${shipped.length} not applied (${pending.join(", ")}): run npm run migrate`,
    });
  } else {
    checks.push({ name: "migrations", status: "ok", detail: `all ${shipped.length} applied` });
  }
  if (unknown.length > 0) {
    checks.push({
      name: "migrations",
      status: "warn",
      detail: `applied but not shipped by this release (a newer one ran?): ${unknown.join(", ")}`,
    });
  }
  return checks;
}

/** ENCRYPTION_SECRET (or the previous one, during a rotation) opens a stored credential, when there is one. */
export async function checkEncryption(prisma: Database, settings: DoctorSettings): Promise<DoctorCheck> {
  const name = "encryption";
  const row = await prisma.credentials.findFirst({
    orderBy: { updatedAt: "desc" },
    select: { id: true, workspaceId: true, type: true, data: true, iv: true },
  });
  if (!row) return { name, status: "ok", detail: "no stored credentials to read" };
  if (!settings.encryptionSecret)
    return { name, status: "fail", detail: "credentials are stored but ENCRYPTION_SECRET is not set" };
  const keyOf = (secret: string) => deriveServerKey("credentials aes-256-gcm", secret);
  try {
    decryptCredentials(row, row, keyOf(settings.encryptionSecret));
    return { name, status: "ok", detail: `ENCRYPTION_SECRET opens the newest credentials (${row.id})` };
  } catch {}
  if (settings.previousEncryptionSecret) {
    try {
      decryptCredentials(row, row, keyOf(settings.previousEncryptionSecret));
      return {
        name,
        status: "warn",
        detail: `credentials ${row.id} are still under ENCRYPTION_SECRET_PREVIOUS: run secrets rotate`,
      };
    } catch {}
  }
  return {
    name,
    status: "fail",
    detail: `ENCRYPTION_SECRET does not open the newest credentials (${row.id}): was it changed without a rotation?`,
  };
}

/** SMTP, Redis and S3 when configured: each answers within the timeout. */
export async function checkServices(settings: DoctorSettings): Promise<DoctorCheck[]> {
  const checks: Promise<DoctorCheck>[] = [];
  const { smtp, redisUrl, s3Endpoint, timeoutMs } = settings;
  if (smtp) {
    checks.push(
      (async () => {
        const transport = nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          auth: smtp.username ? { user: smtp.username, pass: smtp.password ?? "" } : undefined,
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
        });
        try {
          await transport.verify();
          return {
            name: "SMTP",
            status: "ok",
            detail: `${smtp.host}:${smtp.port} accepts the connection${smtp.username ? " and the login" : ""}`,
          } as const;
        } catch (error) {
          return {
            name: "SMTP",
            status: "fail",
            detail: `${smtp.host}:${smtp.port}: ${errorText(error)}`,
          } as const;
        } finally {
          transport.close();
        }
      })(),
    );
  }
  if (redisUrl) {
    checks.push(
      (async () => {
        const redis = new Redis(redisUrl, {
          lazyConnect: true,
          connectTimeout: timeoutMs,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
          enableOfflineQueue: false,
        });
        redis.on("error", () => {});
        try {
          await redis.connect();
          await redis.ping();
          return { name: "Redis", status: "ok", detail: "answers PING" } as const;
        } catch (error) {
          return { name: "Redis", status: "fail", detail: `unreachable: ${errorText(error)}` } as const;
        } finally {
          redis.disconnect();
        }
      })(),
    );
  }
  if (s3Endpoint) {
    checks.push(
      fetch(s3Endpoint, { method: "HEAD", signal: AbortSignal.timeout(timeoutMs) }).then(
        (response) =>
          ({ name: "S3", status: "ok", detail: `${s3Endpoint} answers (HTTP ${response.status})` }) as const,
        (error) =>
          ({ name: "S3", status: "fail", detail: `${s3Endpoint} unreachable: ${errorText(error)}` }) as const,
      ),
    );
  }
  return Promise.all(checks);
}
