export interface RateLimiter {
  /** Takes one token for `key`; returns 0 when allowed, else the seconds until a token is available. */
  take: (key: string) => number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

const MAX_BUCKETS = 100_000;
const BURST_SECONDS = 10;
const MIN_BURST = 5;

/**
 * In-memory token buckets of one process: `perMinute` tokens a minute, a burst
 * of ten seconds' worth (at least 5). 0 disables the limit. Full buckets are
 * forgotten, and the map is bounded, so memory stays flat whatever the keys.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  if (perMinute <= 0) return { take: () => 0 };
  const ratePerMs = perMinute / 60_000;
  const capacity = Math.max(MIN_BURST, Math.ceil((perMinute * BURST_SECONDS) / 60));
  const buckets = new Map<string, Bucket>();
  let lastSweep = now();

  const sweep = (time: number) => {
    lastSweep = time;
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + (time - bucket.updatedAt) * ratePerMs >= capacity) buckets.delete(key);
    }
  };

  return {
    take: (key) => {
      const time = now();
      if (time - lastSweep > 60_000) sweep(time);
      const bucket = buckets.get(key);
      const tokens = bucket
        ? Math.min(capacity, bucket.tokens + (time - bucket.updatedAt) * ratePerMs)
        : capacity;
      if (tokens < 1) {
        if (bucket) {
          bucket.tokens = tokens;
          bucket.updatedAt = time;
        }
        return Math.max(1, Math.ceil((1 - tokens) / ratePerMs / 1000));
      }
      if (bucket) buckets.delete(key);
      else if (buckets.size >= MAX_BUCKETS) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      // Re-inserted so the map's order is the order of last use.
      buckets.set(key, { tokens: tokens - 1, updatedAt: time });
      return 0;
    },
  };
}
