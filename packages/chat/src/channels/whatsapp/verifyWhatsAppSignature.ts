import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Meta's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`,
 * compared in constant time.
 */
export function verifyWhatsAppSignature(
  rawBody: Buffer,
  header: string | null,
  appSecret: string,
): "missing" | "invalid" | "valid" {
  if (!header) return "missing";
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return "invalid";
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], "hex")) ? "valid" : "invalid";
}
