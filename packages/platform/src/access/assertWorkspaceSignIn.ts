import type { WorkspaceRole } from "@parley/db";
import { canAccess } from "@parley/schemas/management/access";
import { forbidden } from "../errors";

/** How the caller signed in: the identity provider of their session (or of the session that made their API token). */
export interface SignedInCaller {
  /** `google`, `ws-<id>`…; null or absent: a password, an e-mailed link, a token made without single sign-on. */
  ssoProvider?: string | null;
}

/**
 * What the rule reads of an access check (`loadAccess`'s WorkspaceAccess or BotAccess, a chat caller): the
 * workspace's required provider and the caller's role in the workspace (`memberRole`, null when only a share of
 * one bot gives them access; else `role`, a workspace check's).
 */
export type WorkspaceSignInRule = { requiredSsoProvider: string | null } & (
  | { memberRole: WorkspaceRole | null }
  | { role: WorkspaceRole }
);

/** The issue code of a workspace that requires its single sign-on: the builder then starts it. */
export const SSO_REQUIRED = "SSO_REQUIRED";

/**
 * A workspace whose identity provider is enforced opens only for members who signed in through it: others get
 * FORBIDDEN, issue code `SSO_REQUIRED`. Its ADMINs are exempt (the break-glass: an ADMIN can always reach the
 * settings to repair or lift a broken configuration), and so are people a single bot is shared with who are not
 * members (they may have no address of the workspace's domains).
 */
export function assertWorkspaceSignIn(caller: SignedInCaller, access: WorkspaceSignInRule) {
  if (!access.requiredSsoProvider) return;
  const memberRole = "memberRole" in access ? access.memberRole : access.role;
  if (memberRole === null || canAccess(memberRole, "admin")) return;
  if (caller.ssoProvider === access.requiredSsoProvider) return;
  throw forbidden(
    "This workspace requires signing in through its single sign-on provider: sign in with SSO, then open it again.",
    SSO_REQUIRED,
  );
}
