import type { Database } from "@parley/db";
import type { AuthenticatedUser } from "@parley/platform/auth/authenticateBearer";
import type { CookieJar } from "@parley/platform/auth/cookies";
import type { Logger } from "@parley/platform/logger";

/**
 * What every procedure receives. The mount point decides how a request
 * authenticates (session cookie for /api/trpc, bearer token for /api/v1) by
 * choosing `authenticate`; procedures never look at headers themselves.
 */
export interface Context {
  prisma: Database;
  logger: Logger;
  requestId: string;
  authenticate: () => Promise<AuthenticatedUser>;
  /** The client's address by the trusted-proxy rule (`unknown` when no mount stamped one). */
  clientAddress?: string;
  /** The request's `User-Agent` (`unknown` when it sent none), for the audit log. */
  userAgent?: string;
  /**
   * The REST answer's status on success, when a procedure sets one (202: accepted, runs in the background);
   * 200 otherwise. Absent outside the REST surface.
   */
  response?: { status?: number };
  /** Present only where the caller is a browser with cookies (the builder). */
  cookies?: CookieJar;
}
