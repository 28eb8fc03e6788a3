import type { Database } from "@parley/db";
import type { AuthenticatedUser } from "./auth/authenticateBearer";
import type { Logger } from "./logger";

export interface CookieJar {
  get: (name: string) => string | undefined;
  set: (name: string, value: string, options: { expires: Date }) => void;
  delete: (name: string) => void;
}

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
  /** Present only where the caller is a browser with cookies (the builder). */
  cookies?: CookieJar;
}
