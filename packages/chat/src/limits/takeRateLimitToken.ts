import { chatErrors } from "../chatErrors";

/** Takes a token from a rate limiter or refuses with RATE_LIMITED and Retry-After. */
export function takeRateLimitToken(limiter: { take: (key: string) => number }, key: string) {
  const retryAfterSeconds = limiter.take(key);
  if (retryAfterSeconds > 0) throw chatErrors.rateLimited(retryAfterSeconds);
}
