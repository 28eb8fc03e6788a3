import { callStripeApi } from "./callStripeApi";
import type { StripeKeys } from "./createStripePaymentIntent";

export interface StripePaymentIntent {
  id: string;
  /** `succeeded` once paid; `requires_payment_method`, `processing`, `canceled`… otherwise. */
  status: string;
  /** In the currency's smallest unit. */
  amount: number;
  /** Lower case ISO 4217 code. */
  currency: string;
  clientSecret: string;
}

/** `GET /v1/payment_intents/{id}`: the intent as Stripe knows it now. */
export async function retrieveStripePaymentIntent(
  keys: StripeKeys,
  paymentIntentId: string,
  apiUrl: string,
  signal?: AbortSignal,
): Promise<{ ok: true; intent: StripePaymentIntent } | { ok: false; error: string }> {
  const called = await callStripeApi(
    apiUrl,
    keys.secretKey,
    { method: "GET", path: `/v1/payment_intents/${encodeURIComponent(paymentIntentId)}` },
    signal,
  );
  if (!called.ok) return { ok: false, error: `Stripe did not give the payment: ${called.error}` };
  const { id, status, amount, currency, client_secret } = called.body;
  if (
    typeof id !== "string" ||
    typeof status !== "string" ||
    typeof amount !== "number" ||
    typeof currency !== "string" ||
    typeof client_secret !== "string"
  )
    return { ok: false, error: "Stripe answered with an unexpected payment intent" };
  return {
    ok: true,
    intent: { id, status, amount, currency: currency.toLowerCase(), clientSecret: client_secret },
  };
}
