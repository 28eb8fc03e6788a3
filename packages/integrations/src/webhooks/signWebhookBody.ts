import { createHmac } from "node:crypto";

/**
 * The `X-Parley-Signature` value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed by
 * the subscription's secret (the whole `whsec_…` string), as Stripe signs its webhooks. The time
 * lets receivers refuse old replays.
 */
export function signWebhookBody(secret: string, body: string, timestampSeconds: number): string {
  const signature = createHmac("sha256", secret).update(`${timestampSeconds}.${body}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${signature}`;
}
