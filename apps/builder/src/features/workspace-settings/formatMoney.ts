/** An amount in a currency's major unit, written in `locale` (the interface language), e.g. 39.5 usd -> "$39.50". */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(
    amount,
  );
}
