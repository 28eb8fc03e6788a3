import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveServerKey } from "@parley/integrations/credentials/credentialsCipher";
import { z } from "zod";

/** What a payment link names: the session, its payment input, the PaymentIntent and what it must collect. */
export const paymentLinkSchema = z.object({
  sessionId: z.string(),
  blockId: z.string(),
  workspaceId: z.string(),
  /** The payment input's Stripe credentials (null: the server's keys). */
  credentialsId: z.string().nullable(),
  paymentIntentId: z.string(),
  /** In the currency's smallest unit. */
  amount: z.number().int().positive(),
  /** Lower case ISO 4217 code. */
  currency: z.string(),
  amountLabel: z.string(),
  /** ms since the epoch. */
  expiresAt: z.number().int(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

let cachedKey: Buffer | undefined;
// Derived from the server's secret for this use only: a link cannot be forged without ENCRYPTION_SECRET.
const getSigningKey = () => {
  cachedKey ??= deriveServerKey("payment link hmac-sha256");
  return cachedKey;
};

const sign = (payload: string) => createHmac("sha256", getSigningKey()).update(payload).digest();

/** `<payload>.<signature>`, both base64url: the payload JSON, and its HMAC-SHA256 under the server's key. */
export function createPaymentLinkToken(link: PaymentLink): string {
  const payload = Buffer.from(JSON.stringify(link), "utf8").toString("base64url");
  return `${payload}.${sign(payload).toString("base64url")}`;
}

export type PaymentLinkRead =
  | { ok: true; link: PaymentLink }
  | { ok: false; reason: "PAYMENT_LINK_INVALID" | "PAYMENT_LINK_EXPIRED" };

/** The link a token names, if the server signed it and it has not expired. */
export function readPaymentLinkToken(token: string, now: Date): PaymentLinkRead {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: "PAYMENT_LINK_INVALID" };
  const given = Buffer.from(signature, "base64url");
  const expected = sign(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "PAYMENT_LINK_INVALID" };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "PAYMENT_LINK_INVALID" };
  }
  const parsed = paymentLinkSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "PAYMENT_LINK_INVALID" };
  if (parsed.data.expiresAt <= now.getTime()) return { ok: false, reason: "PAYMENT_LINK_EXPIRED" };
  return { ok: true, link: parsed.data };
}
