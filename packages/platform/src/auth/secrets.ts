import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A 256-bit random secret, base64url, behind a visible prefix (`bt_`, `ck_`, …). */
export function generateSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** Secrets are stored only as their SHA-256 (hex). */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function safeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}
