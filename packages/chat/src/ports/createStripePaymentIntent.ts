import type { PaymentIntentRequest, PaymentIntentResult } from "@parley/engine";
import { callStripeApi } from "../payments/callStripeApi";

/** Currencies Stripe takes in whole units (no minor unit). */
const ZERO_DECIMAL_CURRENCIES = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);

export interface StripeKeys {
  secretKey: string;
  publicKey: string;
}

/** The amount in the currency's smallest unit, as Stripe expects it; null when not a positive number. */
export function toMinorUnits(amount: string, currency: string): number | null {
  const value = Number(amount.replace(",", ".").trim());
  if (!Number.isFinite(value) || value <= 0) return null;
  return ZERO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? Math.round(value) : Math.round(value * 100);
}

/** The PaymentIntent id of a client secret (`pi_…_secret_…`). */
export const getPaymentIntentId = (clientSecret: string): string => clientSecret.split("_secret_")[0] ?? "";

/** The amount as shown to the payer ("$12.50"). */
export function formatAmount(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  return new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(
    ZERO_DECIMAL_CURRENCIES.has(code) ? minorUnits : minorUnits / 100,
  );
}

/**
 * Payment input: a Stripe PaymentIntent through Stripe's REST API at `apiUrl` (STRIPE_API_URL, form
 * encoded). Without keys the input is refused with a clear configuration error, which the engine
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
    { method: "POST", path: "/v1/payment_intents", form },
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
