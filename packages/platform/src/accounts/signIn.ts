import type { Database } from "@parley/db";
import { appendAuditEntry } from "../audit/appendAuditEntry";
import { createUserSession } from "../auth/userSessions";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";
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
 * Checks an e-mail and password and opens a builder session. Attempts are throttled per e-mail address
 * and per client address (signInThrottle.ts): a refused one is RateLimitError, whatever the password.
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
      },
    );
    throw invalidCredentials();
  }
  const session = await prisma.$transaction(async (tx) => {
    const created = await createUserSession(tx, user.id);
    await appendAuditEntry(
      tx,
      { ...audit, actor: { id: user.id, email: user.email } },
      { action: "user.signedIn", workspaceId: null, target: { type: "user", id: user.id } },
    );
    return created;
  });
  return { user: { id: user.id, email: user.email, name: user.name }, session };
}
