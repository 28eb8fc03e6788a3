import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { integrationsEnv } from "../env";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Binds a ciphertext to its row: data copied into another record (or workspace) no longer decrypts. */
export interface CredentialsBinding {
  id: string;
  workspaceId: string;
  type: string;
}

export interface EncryptedCredentials {
  /** base64 of ciphertext followed by the GCM tag. */
  data: string;
  /** base64 of the 96-bit nonce. */
  iv: string;
}

export class CredentialsConfigurationError extends Error {}

let cachedMaterial: { secret: string | undefined; material: Buffer } | undefined;

/**
 * The server's key material: ENCRYPTION_SECRET. Tests without a secret get one per process (their
 * databases live as long as the run); anywhere else a missing secret is an error.
 */
function getKeyMaterial(secret: string | undefined): Buffer {
  if (cachedMaterial && cachedMaterial.secret === secret) return cachedMaterial.material;
  let material: Buffer;
  if (secret) material = Buffer.from(secret, "utf8");
  else if (integrationsEnv.NODE_ENV === "test") material = randomBytes(32);
  else
    throw new CredentialsConfigurationError(
      "ENCRYPTION_SECRET is not set: credentials cannot be stored or read (npm start generates one)",
    );
  cachedMaterial = { secret, material };
  return material;
}

/** A 256-bit key for one `purpose`, derived from ENCRYPTION_SECRET with HKDF (one secret, independent keys). */
export function deriveServerKey(purpose: string, secret = integrationsEnv.ENCRYPTION_SECRET): Buffer {
  return Buffer.from(hkdfSync("sha256", getKeyMaterial(secret), "parley", purpose, 32));
}

let cachedKey: { secret: string | undefined; key: Buffer } | undefined;

/** The credentials store's AES-256-GCM key. */
export function getEncryptionKey(secret = integrationsEnv.ENCRYPTION_SECRET): Buffer {
  if (cachedKey && cachedKey.secret === secret) return cachedKey.key;
  const key = deriveServerKey("credentials aes-256-gcm", secret);
  cachedKey = { secret, key };
  return key;
}

let cachedPreviousKey: Buffer | undefined;

/**
 * The keys stored values are read with: ENCRYPTION_SECRET's, then during a rotation
 * ENCRYPTION_SECRET_PREVIOUS's (values not yet re-encrypted by `parley secrets rotate`).
 */
export function getDecryptionKeys(): Buffer[] {
  const previous = integrationsEnv.ENCRYPTION_SECRET_PREVIOUS;
  if (!previous) return [getEncryptionKey()];
  cachedPreviousKey ??= deriveServerKey("credentials aes-256-gcm", previous);
  return [getEncryptionKey(), cachedPreviousKey];
}

const additionalData = (binding: CredentialsBinding) =>
  Buffer.from(`${binding.workspaceId}\u0000${binding.id}\u0000${binding.type}`, "utf8");

export function encryptCredentials(
  value: unknown,
  binding: CredentialsBinding,
  key = getEncryptionKey(),
): EncryptedCredentials {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(additionalData(binding));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return {
    data: Buffer.concat([ciphertext, cipher.getAuthTag()]).toString("base64"),
    iv: iv.toString("base64"),
  };
}

/**
 * Throws when the data was altered, belongs to another record or was written under none of the keys
 * (by default the current secret's, then the previous one's during a rotation).
 */
export function decryptCredentials(
  encrypted: EncryptedCredentials,
  binding: CredentialsBinding,
  keys: Buffer | Buffer[] = getDecryptionKeys(),
): unknown {
  const [first, ...others] = Array.isArray(keys) ? keys : [keys];
  try {
    return decryptWithKey(encrypted, binding, first!);
  } catch (error) {
    for (const key of others) {
      try {
        return decryptWithKey(encrypted, binding, key);
      } catch {}
    }
    throw error;
  }
}

function decryptWithKey(encrypted: EncryptedCredentials, binding: CredentialsBinding, key: Buffer): unknown {
  const bytes = Buffer.from(encrypted.data, "base64");
  const iv = Buffer.from(encrypted.iv, "base64");
  if (iv.byteLength !== IV_BYTES || bytes.byteLength < TAG_BYTES) throw new Error("Malformed credentials");
  const decipher = createDecipheriv(ALGORITHM, key, iv);
  decipher.setAAD(additionalData(binding));
  decipher.setAuthTag(bytes.subarray(bytes.byteLength - TAG_BYTES));
  const plain = Buffer.concat([
    decipher.update(bytes.subarray(0, bytes.byteLength - TAG_BYTES)),
    decipher.final(),
  ]);
  return JSON.parse(plain.toString("utf8"));
}
