import { createHmac } from "node:crypto";

/**
 * The `X-Parley-Signature` value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed by
 * the subscription's secret (the whole `whsec_…` string), as Stripe signs its webhooks. The time
 * lets receivers refuse old replays. Given several secrets (the current one first, then the one a
 * rotation replaced, during its overlap), one `v1=` per secret, in that order: a receiver accepts
 * the delivery when any of them matches its secret.
 */
export function signWebhookBody(
  secrets: string | readonly string[],
  body: string,
  timestampSeconds: number,
): string {
  const signatures = (typeof secrets === "string" ? [secrets] : secrets).map(
    (secret) =>
      `v1=${createHmac("sha256", secret).update(`${timestampSeconds}.${body}`, "utf8").digest("hex")}`,
  );
  return [`t=${timestampSeconds}`, ...signatures].join(",");
}
