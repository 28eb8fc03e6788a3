import type { Prisma } from "@parley/db";
import { decryptTwoFactorSecret } from "@parley/integrations/credentials/twoFactorSecret";
import { looksLikeRecoveryCode, useRecoveryCode } from "@parley/platform/accounts/recoveryCodes";
import { badRequest } from "@parley/platform/errors";
import { findTotpStep } from "./totp";

/** What a code typed as a second factor was: an authenticator's code or a recovery code. */
export type SecondFactorUsed = "totp" | "recoveryCode";

export const wrongCode = (path: string[] = ["code"]) =>
  badRequest(
    "This code is wrong, expired or already used. Enter the current code of your authenticator app, or one of your recovery codes.",
    "INVALID_TWO_FACTOR_CODE",
    path,
  );

/**
 * Checks and uses up a second-factor code of an account whose authenticator is confirmed, in the caller's
 * transaction: six digits are the authenticator's code (its step is then recorded: the same code, or an older
 * one, is refused afterwards, even at once by a parallel request: the update is conditional on the step); ten
 * letters and digits are a recovery code (marked used by the statement that finds it). null when it is neither.
 */
export async function useSecondFactorCode(
  tx: Prisma.TransactionClient,
  userId: string,
  code: string,
  { recoveryCodes = true }: { recoveryCodes?: boolean } = {},
): Promise<SecondFactorUsed | null> {
  const row = await tx.userTwoFactor.findUnique({
    where: { userId },
    select: { userId: true, secretData: true, secretIv: true, enabledAt: true, lastUsedStep: true },
  });
  if (!row?.enabledAt) return null;
  if (recoveryCodes && looksLikeRecoveryCode(code)) {
    return (await useRecoveryCode(tx, userId, code)) ? "recoveryCode" : null;
  }
  const step = findTotpStep(decryptTwoFactorSecret(row), code, { lastUsedStep: row.lastUsedStep });
  if (step === null) return null;
  const { count } = await tx.userTwoFactor.updateMany({
    where: { userId, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
    data: { lastUsedStep: step },
  });
  return count === 1 ? "totp" : null;
}
