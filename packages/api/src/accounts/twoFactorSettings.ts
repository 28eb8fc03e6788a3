import type { Database } from "@parley/db";
import {
  decryptTwoFactorSecret,
  encryptTwoFactorSecret,
} from "@parley/integrations/credentials/twoFactorSecret";
import { replaceRecoveryCodes } from "@parley/platform/accounts/recoveryCodes";
import {
  consumeSecondFactorAttempt,
  defaultSecondFactorThrottle,
  forgiveSecondFactorAttempt,
  type SecondFactorThrottle,
} from "@parley/platform/accounts/secondFactorThrottle";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { badRequest } from "@parley/platform/errors";
import { useSecondFactorCode, wrongCode } from "./secondFactorCode";
import { createTotpSecret, findTotpStep, totpUri } from "./totp";

interface Account {
  id: string;
  email: string;
}

const alreadyEnabled = () =>
  badRequest(
    "Two-factor sign-in is already on. Turn it off first to set up another authenticator.",
    "TWO_FACTOR_ALREADY_ENABLED",
  );
const notEnabled = () => badRequest("Two-factor sign-in is off for this account.", "TWO_FACTOR_NOT_ENABLED");
const notStarted = () =>
  badRequest(
    "Set up two-factor sign-in first: no authenticator waits for its first code.",
    "TWO_FACTOR_NOT_STARTED",
  );

/**
 * The first step of turning two-factor sign-in on: a new authenticator secret, stored encrypted and waiting for
 * its first code (sign-in asks for nothing until then; a second start replaces it). Returns the secret, for
 * typing it in, and the `otpauth://` URI a QR code carries.
 */
export async function startTwoFactorSetup(prisma: Database, account: Account) {
  const existing = await prisma.userTwoFactor.findUnique({
    where: { userId: account.id },
    select: { enabledAt: true },
  });
  if (existing?.enabledAt) throw alreadyEnabled();
  const secret = createTotpSecret();
  const sealed = encryptTwoFactorSecret(secret, account.id);
  await prisma.userTwoFactor.upsert({
    where: { userId: account.id },
    create: { userId: account.id, ...sealed },
    update: { ...sealed, lastUsedStep: null, createdAt: new Date() },
  });
  return { secret, uri: totpUri(secret, account.email) };
}

/**
 * Turns two-factor sign-in on with the authenticator's first code (counted by the second-factor throttle), and
 * gives the account 10 new recovery codes, returned once; `user.twoFactorEnabled`, in one transaction.
 */
export async function confirmTwoFactorSetup(
  prisma: Database,
  input: { account: Account; code: string; audit: AuditRequest },
  throttle: SecondFactorThrottle = defaultSecondFactorThrottle,
) {
  const { account, code, audit } = input;
  const pending = await prisma.userTwoFactor.findUnique({
    where: { userId: account.id },
    select: { userId: true, secretData: true, secretIv: true, enabledAt: true },
  });
  if (!pending) throw notStarted();
  if (pending.enabledAt) throw alreadyEnabled();
  await consumeSecondFactorAttempt(throttle, account.id, audit.ip);
  const step = findTotpStep(decryptTwoFactorSecret(pending), code);
  if (step === null) throw wrongCode();
  const recoveryCodes = await prisma.$transaction(async (tx) => {
    const { count } = await tx.userTwoFactor.updateMany({
      where: { userId: account.id, enabledAt: null, secretData: pending.secretData },
      data: { enabledAt: new Date(), lastUsedStep: step },
    });
    // Confirmed or started again meanwhile (another tab).
    if (count !== 1) throw notStarted();
    await appendAuditEntry(tx, audit, {
      action: "user.twoFactorEnabled",
      workspaceId: null,
      target: { type: "user", id: account.id },
    });
    return replaceRecoveryCodes(tx, account.id);
  });
  await forgiveSecondFactorAttempt(throttle, account.id, audit.ip);
  return { recoveryCodes };
}

/** A code of a confirmed second factor, counted and used up, then `change` in the same transaction. */
async function withSecondFactorCode<T>(
  prisma: Database,
  input: { account: Account; code: string; audit: AuditRequest },
  throttle: SecondFactorThrottle,
  change: (tx: Parameters<Parameters<Database["$transaction"]>[0]>[0]) => Promise<T>,
): Promise<T> {
  const { account, code, audit } = input;
  const row = await prisma.userTwoFactor.findUnique({
    where: { userId: account.id },
    select: { enabledAt: true },
  });
  if (!row?.enabledAt) throw notEnabled();
  await consumeSecondFactorAttempt(throttle, account.id, audit.ip);
  const outcome = await prisma.$transaction(async (tx) => {
    if (!(await useSecondFactorCode(tx, account.id, code))) return null;
    return { value: await change(tx) };
  });
  if (!outcome) throw wrongCode();
  await forgiveSecondFactorAttempt(throttle, account.id, audit.ip);
  return outcome.value;
}

/**
 * Turns two-factor sign-in off with a current code of the authenticator or a recovery code: the secret, the
 * recovery codes and waiting sign-ins are deleted; `user.twoFactorDisabled`.
 */
export async function disableTwoFactor(
  prisma: Database,
  input: { account: Account; code: string; audit: AuditRequest },
  throttle: SecondFactorThrottle = defaultSecondFactorThrottle,
) {
  await withSecondFactorCode(prisma, input, throttle, async (tx) => {
    await tx.userTwoFactor.delete({ where: { userId: input.account.id } });
    await tx.recoveryCode.deleteMany({ where: { userId: input.account.id } });
    await tx.signInChallenge.deleteMany({ where: { userId: input.account.id } });
    await appendAuditEntry(tx, input.audit, {
      action: "user.twoFactorDisabled",
      workspaceId: null,
      target: { type: "user", id: input.account.id },
    });
  });
}

/**
 * 10 new recovery codes (the old ones stop working), with a current code of the authenticator or a recovery
 * code; `user.recoveryCodesRegenerated`. The codes are returned once.
 */
export async function regenerateRecoveryCodes(
  prisma: Database,
  input: { account: Account; code: string; audit: AuditRequest },
  throttle: SecondFactorThrottle = defaultSecondFactorThrottle,
) {
  const recoveryCodes = await withSecondFactorCode(prisma, input, throttle, async (tx) => {
    await appendAuditEntry(tx, input.audit, {
      action: "user.recoveryCodesRegenerated",
      workspaceId: null,
      target: { type: "user", id: input.account.id },
    });
    return replaceRecoveryCodes(tx, input.account.id);
  });
  return { recoveryCodes };
}
