import type { PaymentIntentRequest, PaymentIntentResult } from "@parley/engine";
import { idempotencyKeyOf } from "./addIdempotencyKey";
import { callStripeApi } from "./callStripeApi";
import { formatAmount, toMinorUnits } from "./toMinorUnits";

export interface StripeKeys {
  secretKey: string;
  publicKey: string;
}

/** The PaymentIntent id of a client secret (`pi_…_secret_…`). */
export const getPaymentIntentId = (clientSecret: string): string => clientSecret.split("_secret_")[0] ?? "";

/**
 * The `Idempotency-Key` of a payment intent: SHA-256 of what makes the payment this one (the result, the
 * payment input and its visit, the amount and currency sent), so that the same payment asked again (a
 * retried turn) gets Stripe's first intent back instead of a second one, and a new pass through the
 * block a new intent.
 */
export function getPaymentIdempotencyKey(
  idempotency: NonNullable<PaymentIntentRequest["idempotency"]>,
  payment: { amount: number; currency: string },
): string {
  return idempotencyKeyOf([
    "parley-payment",
    idempotency.resultId,
    idempotency.blockId,
    idempotency.visit,
    payment.amount,
    payment.currency,
  ]);
}

/**
 * Payment input: a Stripe PaymentIntent through Stripe's REST API at `apiUrl` (STRIPE_API_URL, form
 * encoded), the amount in the currency's minor unit by Stripe's rules (`toMinorUnits`), with an
 * `Idempotency-Key` when the engine names the payment. Without keys the input is refused with a clear configuration error, which the engine
 * turns into a log.
 */
export async function createStripePaymentIntent(
  keys: StripeKeys | null,
  request: PaymentIntentRequest,
  signal: AbortSignal,
  apiUrl: string,
): Promise<PaymentIntentResult> {
  if (request.provider.toLowerCase() !== "stripe") {
    return { ok: false, error: `Payment provider "${request.provider}" is not supported; use Stripe` };
  }
  if (!keys) {
    return {
      ok: false,
      error: "Stripe is not configured: set STRIPE_SECRET_KEY and STRIPE_PUBLIC_KEY on the chat runtime",
    };
  }
  const currency = request.currency.trim().toUpperCase();
  const minorUnits = toMinorUnits(request.amount, currency);
  if (!/^[A-Z]{3}$/.test(currency) || minorUnits === null) {
    return { ok: false, error: `Invalid amount "${request.amount}" or currency "${request.currency}"` };
  }
  const form = new URLSearchParams({
    amount: String(minorUnits),
    currency: currency.toLowerCase(),
    "automatic_payment_methods[enabled]": "true",
  });
  if (request.description) form.set("description", request.description);
  if (request.receiptEmail) form.set("receipt_email", request.receiptEmail);
  const called = await callStripeApi(
    apiUrl,
    keys.secretKey,
    {
      method: "POST",
      path: "/v1/payment_intents",
      form,
      ...(request.idempotency
        ? {
            idempotencyKey: getPaymentIdempotencyKey(request.idempotency, {
              amount: minorUnits,
              currency: currency.toLowerCase(),
            }),
          }
        : {}),
    },
    signal,
  );
  if (!called.ok)
    return {
      ok: false,
      error: called.status ? `Stripe refused the payment: ${called.error}` : called.error,
    };
  const clientSecret = called.body.client_secret;
  if (typeof clientSecret !== "string")
    return { ok: false, error: "Stripe refused the payment: no client secret in its answer" };
  return {
    ok: true,
    runtimeOptions: {
      paymentIntentSecret: clientSecret,
      amountLabel: formatAmount(minorUnits, currency),
      publicKey: keys.publicKey,
    },
  };
}
