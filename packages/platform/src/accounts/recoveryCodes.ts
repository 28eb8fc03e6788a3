import { randomInt } from "node:crypto";
import { createId, type Prisma } from "@parley/db";
import { hashSecret } from "../auth/secrets";

/** How many recovery codes an account gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;

// Lowercase letters and digits without the ones read alike (0/o, 1/l/i): 31 symbols, 10 of them ≈ 49.5 bits.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A new recovery code, `xxxxx-xxxxx`. */
function generateRecoveryCode() {
  const symbols = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

/** A code as typed (any case, spaces, with or without its dash) in the form its hash was taken of. */
export function normalizeRecoveryCode(code: string) {
  const symbols = code.toLowerCase().replace(/[\s-]/g, "");
  return symbols.length === 10 ? `${symbols.slice(0, 5)}-${symbols.slice(5)}` : symbols;
}

/** Whether what was typed has the shape of a recovery code (not of an authenticator's six digits). */
export function looksLikeRecoveryCode(code: string) {
  return /^[a-z0-9]{10}$/.test(code.toLowerCase().replace(/[\s-]/g, ""));
}

/**
 * Replaces the account's recovery codes by 10 new ones, in the caller's transaction; only their SHA-256 is
 * stored. The codes are returned once, to be shown once.
 */
export async function replaceRecoveryCodes(tx: Prisma.TransactionClient, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({
    data: codes.map((code) => ({ id: createId(), userId, codeHash: hashSecret(code) })),
  });
  return codes;
}

/**
 * Uses a recovery code up: true when it was one of the account's and unused. The statement that finds it
 * marks it used, so the same code given twice at once works once.
 */
export async function useRecoveryCode(tx: Prisma.TransactionClient, userId: string, code: string) {
  const { count } = await tx.recoveryCode.updateMany({
    where: { userId, codeHash: hashSecret(normalizeRecoveryCode(code)), usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
}
