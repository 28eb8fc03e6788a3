import { canAccess } from "@parley/schemas/management/access";
import { forbidden } from "../errors";
import type { BotAccess, WorkspaceAccess } from "./loadAccess";

/** How the caller signed in: the identity provider of their session (or of the session that made their API token). */
export interface SignedInCaller {
  /** `google`, `ws-<id>`…; null or absent: a password, an e-mailed link, a token made without single sign-on. */
  ssoProvider?: string | null;
}

/** The issue code of a workspace that requires its single sign-on: the builder then starts it. */
export const SSO_REQUIRED = "SSO_REQUIRED";

/**
 * A workspace whose identity provider is enforced opens only for members who signed in through it: others get
 * FORBIDDEN, issue code `SSO_REQUIRED`. Its ADMINs are exempt (the break-glass: an ADMIN can always reach the
 * settings to repair or lift a broken configuration), and so are people a single bot is shared with who are not
 * members (they may have no address of the workspace's domains).
 */
export function assertWorkspaceSignIn(caller: SignedInCaller, access: WorkspaceAccess | BotAccess) {
  if (!access.requiredSsoProvider) return;
  const memberRole = "memberRole" in access ? access.memberRole : access.role;
  if (memberRole === null || canAccess(memberRole, "admin")) return;
  if (caller.ssoProvider === access.requiredSsoProvider) return;
  throw forbidden(
    "This workspace requires signing in through its single sign-on provider: sign in with SSO, then open it again.",
    SSO_REQUIRED,
  );
}
