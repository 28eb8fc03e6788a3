import { platformEnv } from "../env";
import { formatWait, RateLimitError } from "../errors";
import { clientAddressKey } from "../http/clientAddress";
import { getRateLimitStore, type RateLimitRule, type RateLimitStore } from "../limits/rateLimits";
import { defaultSignInThrottle } from "./signInThrottle";

/**
 * Second-factor codes are counted per account (TWO_FACTOR_RATE_LIMIT_PER_ACCOUNT) and per client address (the
 * sign-in limit's SIGN_IN_RATE_LIMIT_PER_IP), before the code is checked. The account's count is a rule of its own:
 * a right password does not clear it (whoever knows the password cannot reset the count of code guesses by
 * signing in again); only a right code does.
 */
export interface SecondFactorThrottle {
  getStore: () => RateLimitStore;
  perAccount: RateLimitRule;
  perIp: RateLimitRule;
}

export const defaultSecondFactorThrottle: SecondFactorThrottle = {
  getStore: getRateLimitStore,
  perAccount: {
    name: "accounts.second-factor-per-account",
    points: platformEnv.TWO_FACTOR_RATE_LIMIT_PER_ACCOUNT,
    durationSeconds: platformEnv.SIGN_IN_RATE_LIMIT_WINDOW_MINUTES * 60,
  },
  perIp: defaultSignInThrottle.perIp,
};

function keysOf(throttle: SecondFactorThrottle, userId: string, clientAddress: string) {
  const keys = [{ rule: throttle.perAccount, key: userId, scope: "for this account" }];
  if (clientAddress !== "unknown")
    keys.push({ rule: throttle.perIp, key: clientAddressKey(clientAddress), scope: "from your network" });
  return keys;
}

/** Counts a code attempt of an account; RateLimitError (the longer wait) when a limit is full. */
export async function consumeSecondFactorAttempt(
  throttle: SecondFactorThrottle,
  userId: string,
  clientAddress: string,
) {
  const store = throttle.getStore();
  let refusal: { scope: string; retryAfterSeconds: number } | undefined;
  for (const { rule, key, scope } of keysOf(throttle, userId, clientAddress)) {
    const outcome = await store.consume({ ...rule, key });
    if (!outcome.allowed && outcome.retryAfterSeconds > (refusal?.retryAfterSeconds ?? 0))
      refusal = { scope, retryAfterSeconds: outcome.retryAfterSeconds };
  }
  if (refusal) {
    throw new RateLimitError(
      `Too many wrong codes ${refusal.scope}. Try again in ${formatWait(refusal.retryAfterSeconds)}.`,
      refusal.retryAfterSeconds,
    );
  }
}

/** After a right code: the account's count is cleared and the address's attempt given back. */
export async function forgiveSecondFactorAttempt(
  throttle: SecondFactorThrottle,
  userId: string,
  clientAddress: string,
) {
  const store = throttle.getStore();
  await Promise.all([
    throttle.perAccount.points > 0 && store.forget(throttle.perAccount.name, [userId]),
    clientAddress !== "unknown" && store.reward({ ...throttle.perIp, key: clientAddressKey(clientAddress) }),
  ]);
}
