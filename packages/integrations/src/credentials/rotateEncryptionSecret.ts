import type { Database } from "@parley/db";
import { workspaceSsoSecretBinding } from "../sso/workspaceSsoProviders";
import { decryptCredentials, deriveServerKey, encryptCredentials } from "./credentialsCipher";
import { twoFactorSecretBinding } from "./twoFactorSecret";

/** What a rotation did with one table's encrypted values. */
export interface RotationCounts {
  /** Read with the previous secret and written again under the current one. */
  reencrypted: number;
  /** Already under the current secret (written since, or by an earlier run): left as they are. */
  alreadyCurrent: number;
  /** Readable with neither secret (altered, or written under a third one): left as they are, listed. */
  unreadable: string[];
}

export interface RotationReport {
  credentials: RotationCounts;
  webhookSecrets: RotationCounts;
  /** Result webhooks' replaced secrets, kept for their overlap period. */
  previousWebhookSecrets: RotationCounts;
  /** Accounts' authenticator secrets (two-factor sign-in). */
  twoFactorSecrets: RotationCounts;
  /** Workspaces' identity providers' client secrets (single sign-on, docs/sso.md). */
  workspaceSsoSecrets: RotationCounts;
}

const keyOf = (secret: string) => deriveServerKey("credentials aes-256-gcm", secret);

/** The binding webhookSecret.ts gives a subscription's signing secret. */
const webhookBinding = (row: { id: string; botId: string }) => ({
  id: row.id,
  workspaceId: row.botId,
  type: "webhook",
});

type Sealed = { data: string; iv: string };

/**
 * One stored value: current already, or re-encrypted from the previous secret, or unreadable. The
 * write is conditional on the row still holding what was read, so a value changed meanwhile (a
 * credential edited in the builder, under the current secret) is never overwritten.
 */
async function rotateValue(
  sealed: Sealed,
  binding: { id: string; workspaceId: string; type: string },
  keys: { current: Buffer; previous: Buffer },
  write: (next: Sealed) => Promise<number>,
  counts: RotationCounts,
) {
  try {
    decryptCredentials(sealed, binding, keys.current);
    counts.alreadyCurrent++;
    return;
  } catch {}
  let plain: unknown;
  try {
    plain = decryptCredentials(sealed, binding, keys.previous);
  } catch {
    counts.unreadable.push(binding.id);
    return;
  }
  const written = await write(encryptCredentials(plain, binding, keys.current));
  if (written === 1) counts.reencrypted++;
  else counts.alreadyCurrent++;
}

/** Walks a table in id order, `batchSize` rows at a time, one row after the other. */
async function forEachBatch<Row extends { id: string }>(
  read: (after: string | undefined) => Promise<Row[]>,
  batchSize: number,
  each: (row: Row) => Promise<void>,
) {
  let after: string | undefined;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) await each(row);
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * Re-encrypts every value stored under `previousSecret` (credentials, result-webhook signing secrets
 * and the replaced ones kept for their overlap period, accounts' authenticator secrets, workspaces' single sign-on
 * client secrets) under `secret`, `batchSize` rows at a time in id order. Safe to re-run and to run while the servers
 * serve (they read with both secrets meanwhile): values already under `secret` are left alone.
 */
export async function rotateEncryptionSecret(
  prisma: Database,
  options: { secret: string; previousSecret: string; batchSize?: number },
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 100;
  const keys = { current: keyOf(options.secret), previous: keyOf(options.previousSecret) };
  const report: RotationReport = {
    credentials: { reencrypted: 0, alreadyCurrent: 0, unreadable: [] },
    webhookSecrets: { reencrypted: 0, alreadyCurrent: 0, unreadable: [] },
    previousWebhookSecrets: { reencrypted: 0, alreadyCurrent: 0, unreadable: [] },
    twoFactorSecrets: { reencrypted: 0, alreadyCurrent: 0, unreadable: [] },
    workspaceSsoSecrets: { reencrypted: 0, alreadyCurrent: 0, unreadable: [] },
  };
  await forEachBatch(
    (after) =>
      prisma.credentials.findMany({
        where: after ? { id: { gt: after } } : {},
        orderBy: { id: "asc" },
        take: batchSize,
        select: { id: true, workspaceId: true, type: true, data: true, iv: true },
      }),
    batchSize,
    (row) =>
      rotateValue(
        row,
        row,
        keys,
        async (next) =>
          (
            await prisma.credentials.updateMany({
              where: { id: row.id, data: row.data, iv: row.iv },
              data: next,
            })
          ).count,
        report.credentials,
      ),
  );
  // One walk of the webhooks: the signing secret, and the replaced one kept for its overlap period (it still
  // signs deliveries until it expires; it is bound to the same row as the current one).
  await forEachBatch(
    (after) =>
      prisma.webhookSubscription.findMany({
        where: after ? { id: { gt: after } } : {},
        orderBy: { id: "asc" },
        take: batchSize,
        select: {
          id: true,
          botId: true,
          secretData: true,
          secretIv: true,
          previousSecretData: true,
          previousSecretIv: true,
        },
      }),
    batchSize,
    async (row) => {
      const binding = webhookBinding(row);
      await rotateValue(
        { data: row.secretData, iv: row.secretIv },
        binding,
        keys,
        async (next) =>
          (
            await prisma.webhookSubscription.updateMany({
              where: { id: row.id, secretData: row.secretData, secretIv: row.secretIv },
              data: { secretData: next.data, secretIv: next.iv },
            })
          ).count,
        report.webhookSecrets,
      );
      if (row.previousSecretData === null || row.previousSecretIv === null) return;
      const previous = { data: row.previousSecretData, iv: row.previousSecretIv };
      await rotateValue(
        previous,
        binding,
        keys,
        async (next) =>
          (
            await prisma.webhookSubscription.updateMany({
              where: { id: row.id, previousSecretData: previous.data, previousSecretIv: previous.iv },
              data: { previousSecretData: next.data, previousSecretIv: next.iv },
            })
          ).count,
        report.previousWebhookSecrets,
      );
    },
  );
  await forEachBatch(
    (after) =>
      prisma.userTwoFactor
        .findMany({
          where: after ? { userId: { gt: after } } : {},
          orderBy: { userId: "asc" },
          take: batchSize,
          select: { userId: true, secretData: true, secretIv: true },
        })
        .then((rows) => rows.map((row) => ({ ...row, id: row.userId }))),
    batchSize,
    (row) =>
      rotateValue(
        { data: row.secretData, iv: row.secretIv },
        twoFactorSecretBinding(row.userId),
        keys,
        async (next) =>
          (
            await prisma.userTwoFactor.updateMany({
              where: { userId: row.userId, secretData: row.secretData, secretIv: row.secretIv },
              data: { secretData: next.data, secretIv: next.iv },
            })
          ).count,
        report.twoFactorSecrets,
      ),
  );
  await forEachBatch(
    (after) =>
      prisma.workspaceSso.findMany({
        where: after ? { id: { gt: after } } : {},
        orderBy: { id: "asc" },
        take: batchSize,
        select: { id: true, workspaceId: true, secretData: true, secretIv: true },
      }),
    batchSize,
    (row) =>
      rotateValue(
        { data: row.secretData, iv: row.secretIv },
        workspaceSsoSecretBinding(row),
        keys,
        async (next) =>
          (
            await prisma.workspaceSso.updateMany({
              where: { id: row.id, secretData: row.secretData, secretIv: row.secretIv },
              data: { secretData: next.data, secretIv: next.iv },
            })
          ).count,
        report.workspaceSsoSecrets,
      ),
  );
  return report;
}
