import { decryptCredentials, encryptCredentials } from "./credentialsCipher";

/** An account's authenticator secret as the cipher binds it: a secret copied to another account no longer decrypts. */
export const twoFactorSecretBinding = (userId: string) => ({ id: userId, workspaceId: userId, type: "totp" });

/** The base32 secret encrypted as credentials are (AES-256-GCM under ENCRYPTION_SECRET). */
export function encryptTwoFactorSecret(secret: string, userId: string) {
  const encrypted = encryptCredentials(secret, twoFactorSecretBinding(userId));
  return { secretData: encrypted.data, secretIv: encrypted.iv };
}

/** Throws when the row was altered, copied or ENCRYPTION_SECRET changed. */
export function decryptTwoFactorSecret(row: { userId: string; secretData: string; secretIv: string }) {
  const plain = decryptCredentials(
    { data: row.secretData, iv: row.secretIv },
    twoFactorSecretBinding(row.userId),
  );
  if (typeof plain !== "string") throw new Error("Malformed two-factor secret");
  return plain;
}
