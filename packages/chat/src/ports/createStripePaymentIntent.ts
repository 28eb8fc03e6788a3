import type { PaymentIntentRequest, PaymentIntentResult } from "@parley/engine";
import { safeFetch } from "@parley/integrations/outbound/safeFetch";

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

/**
 * Payment input: a Stripe PaymentIntent through Stripe's REST API (form
 * encoded, through safeFetch). Without keys the input is refused with a clear
 * configuration error, which the engine turns into a log.
 */
export async function createStripePaymentIntent(
  keys: StripeKeys | null,
  request: PaymentIntentRequest,
  signal: AbortSignal,
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
  try {
    const response = await safeFetch("https://api.stripe.com/v1/payment_intents", {
      method: "POST",
      headers: {
        authorization: `Bearer ${keys.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form.toString(),
      timeoutMs: 15_000,
      signal,
    });
    const body = JSON.parse(response.bodyText) as { client_secret?: string; error?: { message?: string } };
    if (response.status >= 400 || !body.client_secret) {
      return {
        ok: false,
        error: `Stripe refused the payment: ${body.error?.message ?? `HTTP ${response.status}`}`,
      };
    }
    const amountLabel = new Intl.NumberFormat("en-US", { style: "currency", currency }).format(
      ZERO_DECIMAL_CURRENCIES.has(currency) ? minorUnits : minorUnits / 100,
    );
    return {
      ok: true,
      runtimeOptions: { paymentIntentSecret: body.client_secret, amountLabel, publicKey: keys.publicKey },
    };
  } catch (error) {
    return {
      ok: false,
      error: `Stripe could not be reached: ${error instanceof Error ? error.message : "error"}`,
    };
  }
}
