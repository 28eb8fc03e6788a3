/**
 * The pause before retrying a delivery after its `attempts`-th failed attempt: `baseMs` doubled
 * per attempt up to `maxMs`, then "equal jitter" (half fixed, half random) so receivers coming back
 * after an outage are not hit by every delivery at the same instant.
 */
export function getWebhookRetryDelay(
  attempts: number,
  options: { baseMs: number; maxMs: number; random: () => number },
): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (exponential / 2) * options.random());
}
