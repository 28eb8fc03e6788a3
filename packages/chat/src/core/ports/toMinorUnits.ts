/**
 * Stripe's rules for amounts in API calls ("Supported currencies" in Stripe's documentation: minor units,
 * zero-decimal and three-decimal currencies, special cases). Every amount goes to Stripe as an integer in
 * the currency's minor unit.
 */

/** Zero-decimal currencies: the amount is in whole units (500 JPY is 500). */
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

/**
 * Three-decimal currencies: the amount is in thousandths (5.120 KWD is 5120), and Stripe requires its
 * last digit to be 0 for its payment partners, so amounts are rounded to the nearest ten (5.124 KWD
 * goes as 5120).
 */
const THREE_DECIMAL_CURRENCIES = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/**
 * Two-decimal in the API but charged in whole units only: an amount must be a multiple of 100
 * (ISK since April 2023: 5 ISK is 500).
 */
const WHOLE_UNIT_TWO_DECIMAL_CURRENCIES = new Set(["ISK"]);

/** How many decimals the currency's API amounts carry and the step they must be a multiple of. */
function amountRule(currency: string): { decimals: number; step: number } {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL_CURRENCIES.has(code)) return { decimals: 0, step: 1 };
  if (THREE_DECIMAL_CURRENCIES.has(code)) return { decimals: 3, step: 10 };
  if (WHOLE_UNIT_TWO_DECIMAL_CURRENCIES.has(code)) return { decimals: 2, step: 100 };
  return { decimals: 2, step: 1 };
}

/**
 * The amount (as an author writes it: "12.50", "12,50", "1.234") in the currency's minor unit as Stripe
 * takes it, rounded to what Stripe accepts for the currency; null when not a positive amount.
 */
export function toMinorUnits(amount: string, currency: string): number | null {
  const value = Number(amount.replace(",", ".").trim());
  if (!Number.isFinite(value) || value <= 0) return null;
  const { decimals, step } = amountRule(currency);
  // toPrecision drops the binary noise of the product (1.005 * 100 = 100.49999…) before rounding.
  const minorUnits = Number((value * 10 ** decimals).toPrecision(12));
  const rounded = Math.round(minorUnits / step) * step;
  return rounded > 0 && Number.isSafeInteger(rounded) ? rounded : null;
}

/** The amount as shown to the payer ("$12.50", "KWD 1.230"), from Stripe's minor units. */
export function formatAmount(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  return new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(
    minorUnits / 10 ** amountRule(code).decimals,
  );
}
