import type { Database } from "@parley/db";
import { createUserSession } from "../auth/userSessions";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";
import { defaultSignInThrottle, type SignInThrottle, verifyThrottledPassword } from "./signInThrottle";

const invalidCredentials = () =>
  new AppError("BAD_REQUEST", [{ message: "Wrong email or password", code: "INVALID_CREDENTIALS" }]);

// Verifying against a fixed hash when the user is unknown keeps the timing of both failures alike.
const UNKNOWN_USER_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0cQ4Pm5kQ2qzKSYQ9S0o0YSXKyF9Dg2E+0Qv7Zz2N0E";

export interface SignInOptions {
  /** The client's address (the trusted-proxy rule); `unknown` is not limited per address. */
  clientAddress?: string;
  throttle?: SignInThrottle;
}

/**
 * Checks an e-mail and password and opens a builder session. Attempts are throttled per e-mail address
 * and per client address (signInThrottle.ts): a refused one is RateLimitError, whatever the password.
 */
export async function signIn(
  prisma: Database,
  { email, password }: { email: string; password: string },
  { clientAddress = "unknown", throttle = defaultSignInThrottle }: SignInOptions = {},
) {
  const attempt = { email: normalizeEmail(email), clientAddress };
  const user = await prisma.user.findUnique({
    where: { email: attempt.email },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const isValid = await verifyThrottledPassword(
    throttle,
    attempt,
    user?.passwordHash ?? UNKNOWN_USER_HASH,
    password,
  );
  if (!user || !isValid) throw invalidCredentials();
  const session = await createUserSession(prisma, user.id);
  return { user: { id: user.id, email: user.email, name: user.name }, session };
}
