/** An amount in a currency's major unit, e.g. 39.5 usd -> "$39.50". */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    amount,
  );
}
