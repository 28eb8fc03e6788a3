export interface RateLimiter {
  /**
   * Takes one token for `key` now or in the future, queueing rather than refusing: returns the
   * milliseconds to wait before using it (0 when one is available). Callers reserving one after
   * the other are served in that order.
   */
  reserve: (key: string) => number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

const MAX_BUCKETS = 100_000;
const BURST_SECONDS = 10;
const MIN_BURST = 5;

/**
 * In-memory token buckets of one process, which pace rather than refuse (WhatsApp's send rates;
 * the limits that refuse calls are shared by every process: chatRateLimits.ts): `perMinute`
 * tokens a minute, a burst of ten seconds' worth (at least 5) unless `burst` says otherwise. 0
 * disables the limit. Full buckets are forgotten, and the map is bounded, so memory stays flat
 * whatever the keys.
 */
export function createRateLimiter(
  perMinute: number,
  now: () => number = Date.now,
  options: { burst?: number } = {},
): RateLimiter {
  if (perMinute <= 0) return { reserve: () => 0 };
  const ratePerMs = perMinute / 60_000;
  const capacity = options.burst ?? Math.max(MIN_BURST, Math.ceil((perMinute * BURST_SECONDS) / 60));
  const buckets = new Map<string, Bucket>();
  let lastSweep = now();

  const sweep = (time: number) => {
    lastSweep = time;
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + (time - bucket.updatedAt) * ratePerMs >= capacity) buckets.delete(key);
    }
  };

  /** The tokens of `key` at `time` (below 1, even below 0 when reservations are queued). */
  const tokensAt = (key: string, time: number) => {
    if (time - lastSweep > 60_000) sweep(time);
    const bucket = buckets.get(key);
    return bucket ? Math.min(capacity, bucket.tokens + (time - bucket.updatedAt) * ratePerMs) : capacity;
  };

  const store = (key: string, tokens: number, time: number) => {
    if (buckets.has(key)) buckets.delete(key);
    else if (buckets.size >= MAX_BUCKETS) {
      const oldest = buckets.keys().next().value;
      if (oldest !== undefined) buckets.delete(oldest);
    }
    // Re-inserted so the map's order is the order of last use.
    buckets.set(key, { tokens, updatedAt: time });
  };

  return {
    reserve: (key) => {
      const time = now();
      const tokens = tokensAt(key, time) - 1;
      store(key, tokens, time);
      return tokens >= 0 ? 0 : Math.ceil(-tokens / ratePerMs);
    },
  };
}
