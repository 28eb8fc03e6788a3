import { verifyPassword } from "../auth/passwords";
import { platformEnv } from "../env";
import { formatWait, RateLimitError } from "../errors";
import { clientAddressKey } from "../http/clientAddress";
import { getRateLimitStore, type RateLimitRule, type RateLimitStore } from "../limits/rateLimits";

/**
 * Sign-in attempts are counted per e-mail address (whether or not an account has it, so a refusal says
 * nothing about accounts) and per client address, in fixed windows shared by every process. Each attempt
 * is counted before its password is checked (so attempts sent at once are all counted); one that succeeds
 * is given back and clears its address's count. So the limits are of failed attempts.
 */
export interface SignInThrottle {
  getStore: () => RateLimitStore;
  perAccount: RateLimitRule;
  perIp: RateLimitRule;
}

export const SIGN_IN_PER_ACCOUNT = "accounts.sign-in-per-account";
const SIGN_IN_PER_IP = "accounts.sign-in-per-ip";

function createSignInThrottle(
  limits: { perAccount: number; perIp: number; windowMinutes: number },
  getStore: () => RateLimitStore = getRateLimitStore,
): SignInThrottle {
  const durationSeconds = limits.windowMinutes * 60;
  return {
    getStore,
    perAccount: { name: SIGN_IN_PER_ACCOUNT, points: limits.perAccount, durationSeconds },
    perIp: { name: SIGN_IN_PER_IP, points: limits.perIp, durationSeconds },
  };
}

/** SIGN_IN_RATE_LIMIT_PER_ACCOUNT, _PER_IP and _WINDOW_MINUTES on the install's shared store. */
export const defaultSignInThrottle = createSignInThrottle({
  perAccount: platformEnv.SIGN_IN_RATE_LIMIT_PER_ACCOUNT,
  perIp: platformEnv.SIGN_IN_RATE_LIMIT_PER_IP,
  windowMinutes: platformEnv.SIGN_IN_RATE_LIMIT_WINDOW_MINUTES,
});

/**
 * Who is signing in: the e-mail as typed (normalized; null when the method names no account, as a sign-in
 * link: only the client's address is then counted) and the client's address (`unknown`: not limited).
 */
export interface SignInAttempt {
  email: string | null;
  clientAddress: string;
}

function keysOf(throttle: SignInThrottle, attempt: SignInAttempt) {
  const keys: { rule: RateLimitRule; key: string; scope: string }[] = [];
  if (attempt.email !== null) {
    keys.push({ rule: throttle.perAccount, key: attempt.email, scope: "for this account" });
  }
  if (attempt.clientAddress !== "unknown") {
    keys.push({
      rule: throttle.perIp,
      key: clientAddressKey(attempt.clientAddress),
      scope: "from your network",
    });
  }
  return keys;
}

/** Counts an attempt against both limits; refuses it (RateLimitError, the longer wait) when either is full. */
export async function consumeSignInAttempt(throttle: SignInThrottle, attempt: SignInAttempt) {
  const store = throttle.getStore();
  const outcomes = await Promise.all(
    keysOf(throttle, attempt).map(async (limit) => ({
      ...limit,
      outcome: await store.consume({ ...limit.rule, key: limit.key }),
    })),
  );
  let refusal: { scope: string; retryAfterSeconds: number } | undefined;
  for (const { scope, outcome } of outcomes) {
    if (!outcome.allowed && outcome.retryAfterSeconds > (refusal?.retryAfterSeconds ?? 0)) {
      refusal = { scope, retryAfterSeconds: outcome.retryAfterSeconds };
    }
  }
  if (refusal) {
    throw new RateLimitError(
      `Too many failed sign-ins ${refusal.scope}. Try again in ${formatWait(refusal.retryAfterSeconds)}.`,
      refusal.retryAfterSeconds,
    );
  }
}

// An account without a password (or no account) is checked against a fixed hash, so every failure takes as long.
const NO_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0cQ4Pm5kQ2qzKSYQ9S0o0YSXKyF9Dg2E+0Qv7Zz2N0E";

/**
 * A password check that counts as a sign-in attempt (sign-in, change of password, deletion of the
 * account): the attempt is counted first (RateLimitError when a limit is full), then the password is
 * verified against `passwordHash` (null: an account without a password, which no password opens); when it is right, the e-mail address's count is cleared and the client
 * address's attempt given back. Resolves to whether the password is right.
 */
export async function verifyThrottledPassword(
  throttle: SignInThrottle,
  attempt: SignInAttempt,
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  await consumeSignInAttempt(throttle, attempt);
  if (!(await verifyPassword(passwordHash ?? NO_PASSWORD_HASH, password))) return false;
  await forgiveSignInAttempt(throttle, attempt);
  return true;
}

/** After a successful sign-in: the e-mail address's count is cleared and the client address's attempt given back. */
export async function forgiveSignInAttempt(throttle: SignInThrottle, attempt: SignInAttempt) {
  const store = throttle.getStore();
  await Promise.all([
    attempt.email !== null &&
      throttle.perAccount.points > 0 &&
      store.forget(throttle.perAccount.name, [attempt.email]),
    attempt.clientAddress !== "unknown" &&
      store.reward({ ...throttle.perIp, key: clientAddressKey(attempt.clientAddress) }),
  ]);
}
