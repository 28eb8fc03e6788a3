import { randomBytes } from "node:crypto";
import { decryptCredentials, encryptCredentials } from "../credentials/credentialsCipher";

/** A subscription's row as the cipher binds it: a secret copied to another row no longer decrypts. */
export interface WebhookSecretOwner {
  id: string;
  botId: string;
}

const bindingOf = (owner: WebhookSecretOwner) => ({
  id: owner.id,
  workspaceId: owner.botId,
  type: "webhook",
});

/** A new signing secret: `whsec_` and 256 random bits (base64url). Shown once, stored encrypted. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** The secret encrypted as credentials are (AES-256-GCM under ENCRYPTION_SECRET). */
export function encryptWebhookSecret(
  secret: string,
  owner: WebhookSecretOwner,
): { secretData: string; secretIv: string } {
  const encrypted = encryptCredentials(secret, bindingOf(owner));
  return { secretData: encrypted.data, secretIv: encrypted.iv };
}

/** Throws when the row was altered or ENCRYPTION_SECRET changed. */
export function decryptWebhookSecret(row: WebhookSecretOwner & { secretData: string; secretIv: string }) {
  const plain = decryptCredentials({ data: row.secretData, iv: row.secretIv }, bindingOf(row));
  if (typeof plain !== "string") throw new Error("Malformed webhook secret");
  return plain;
}
