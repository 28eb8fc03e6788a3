import type { Database } from "@parley/db";
import {
  assertWorkspaceSignIn,
  type WorkspaceSignInRule,
} from "@parley/platform/access/assertWorkspaceSignIn";
import { assertOperationScope, assertTokenWorkspace } from "@parley/platform/auth/apiTokenGrant";
import { assertSameOriginRequest } from "@parley/platform/auth/assertSameOriginRequest";
import { type AuthenticatedUser, authenticateApiUser } from "@parley/platform/auth/authenticateBearer";
import { authenticateSession, readSessionToken } from "@parley/platform/auth/userSessions";

/**
 * What the REST routes served outside tRPC (a streamed CSV export, a raw file upload) read from their request
 * as the tRPC routes do: path segments, the query, the caller.
 */

/** A path segment as its text; a malformed escape stays as sent (and fails the id check). */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The query's parameters, the first value of each (no prototype key). */
export function readQuery(url: URL): Record<string, string> {
  const query: Record<string, string> = Object.create(null);
  for (const [key, value] of url.searchParams) if (key !== "__proto__" && !(key in query)) query[key] = value;
  return query;
}

/**
 * The caller: an API token (`Authorization: Bearer bt_…`), or, without that header, the builder's sign-in
 * cookie. `sameOriginForCookie`: a write, which the cookie authorises only from the builder's own pages (a
 * cross-site form cannot act as the signed-in user). `operation`: the route as the OpenAPI document spells it
 * (`GET /bots/{botId}/results-csv`), whose scope a scoped token must hold.
 */
export async function authenticateRawRouteCaller(
  prisma: Database,
  request: Request,
  { sameOriginForCookie, operation }: { sameOriginForCookie: boolean; operation: string },
): Promise<AuthenticatedUser> {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const user = await authenticateApiUser(prisma, header);
    const [method = "", path = ""] = operation.split(" ");
    assertOperationScope(user.apiToken, method, path);
    return user;
  }
  const user = await authenticateSession(prisma, readSessionToken(request.headers.get("cookie")));
  if (sameOriginForCookie) assertSameOriginRequest(request);
  return user;
}

/**
 * The caller may act in the workspace of the record the route names (`access`, from the loadAccess rule): a token
 * restricted to another workspace is FORBIDDEN, as is a session that did not sign in through the single sign-on a
 * workspace requires (`SSO_REQUIRED`).
 */
export function assertRawRouteWorkspace(
  user: AuthenticatedUser,
  access: WorkspaceSignInRule & { workspaceId: string | null },
): void {
  assertTokenWorkspace(user.apiToken, access.workspaceId);
  assertWorkspaceSignIn(user, access);
}
