import { formatWait, RateLimitError } from "@parley/platform/errors";
import { clientAddressKey } from "@parley/platform/http/clientAddress";
import type { RateLimitRule, RateLimitStore } from "@parley/platform/limits/rateLimits";

/** A limit of the e-mails an account form sends: per address (`scope` "for this address") or per client. */
export type AccountEmailLimit = RateLimitRule & { scope: string };

/**
 * Counts a request that e-mails an address (a reset link, a sign-in link) against its two limits, per e-mail
 * address (whether or not an account has it) and per client address (`unknown`: not limited), so a form cannot
 * flood an inbox. RateLimitError names `what` and the wait.
 */
export async function consumeAccountEmailLimits(
  store: RateLimitStore,
  [perEmail, perClient]: readonly [AccountEmailLimit, AccountEmailLimit],
  { email, clientAddress }: { email: string; clientAddress: string },
  what: string,
) {
  const limits: [AccountEmailLimit, string | null][] = [
    [perEmail, email],
    [perClient, clientAddress === "unknown" ? null : clientAddressKey(clientAddress)],
  ];
  for (const [limit, key] of limits) {
    if (!key) continue;
    const outcome = await store.consume({ ...limit, key });
    if (!outcome.allowed) {
      throw new RateLimitError(
        `Too many ${what} ${limit.scope}. Try again in ${formatWait(outcome.retryAfterSeconds)}.`,
        outcome.retryAfterSeconds,
      );
    }
  }
}
