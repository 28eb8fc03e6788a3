import type { Database } from "@parley/db";
import { appendAuditEntry } from "../audit/appendAuditEntry";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";
import { passFirstFactor } from "./signInSession";
import { defaultSignInThrottle, type SignInThrottle, verifyThrottledPassword } from "./signInThrottle";

const invalidCredentials = () =>
  new AppError("BAD_REQUEST", [{ message: "Wrong email or password", code: "INVALID_CREDENTIALS" }]);

export interface SignInOptions {
  /** The client's address (the trusted-proxy rule); `unknown` is not limited per address. */
  clientAddress?: string;
  throttle?: SignInThrottle;
  /** The request's user agent, for the audit log (`user.signedIn`, `user.signInFailed`). */
  userAgent?: string;
}

/**
 * Checks an e-mail and password and opens a builder session, or, for an account with a second factor, a
 * challenge its code answers (signInSession.ts). Attempts are throttled per e-mail address and per client
 * address (signInThrottle.ts): a refused one is RateLimitError, whatever the password.
 */
export async function signIn(
  prisma: Database,
  { email, password }: { email: string; password: string },
  { clientAddress = "unknown", throttle = defaultSignInThrottle, userAgent = "unknown" }: SignInOptions = {},
) {
  const attempt = { email: normalizeEmail(email), clientAddress };
  const user = await prisma.user.findUnique({
    where: { email: attempt.email },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const isValid = await verifyThrottledPassword(throttle, attempt, user?.passwordHash ?? null, password);
  // A throttled attempt was refused above (no password checked, no entry); a checked one is recorded.
  const audit = { ip: clientAddress, userAgent };
  if (!user || !isValid) {
    await appendAuditEntry(
      prisma,
      { ...audit, actor: { id: user?.id ?? null, email: attempt.email } },
      {
        action: "user.signInFailed",
        workspaceId: null,
        target: { type: "user", id: user?.id ?? attempt.email },
        details: { method: "password" },
      },
    );
    throw invalidCredentials();
  }
  const signedIn = { id: user.id, email: user.email, name: user.name };
  return prisma.$transaction((tx) => passFirstFactor(tx, signedIn, { method: "password" }, audit));
}
