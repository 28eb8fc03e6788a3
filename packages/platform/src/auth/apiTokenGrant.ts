import { type ApiTokenScope, operationScope } from "@parley/schemas/management/apiTokenScopes";
import { AppError, forbidden } from "../errors";

/** What an API token allows beyond its owner's own access: its scopes and the one workspace it acts in. */
export interface ApiTokenGrant {
  id: string;
  /** null: every scope (a token made without scopes, every token made before them). */
  scopes: string[] | null;
  /** null: every workspace of its owner. */
  workspaceId: string | null;
}

/** A token used beyond its scopes: FORBIDDEN, issue code `MISSING_SCOPE` naming the scope (decisions.md). */
export function missingScope(scope: string) {
  return forbidden(`This token lacks the scope "${scope}"`, "MISSING_SCOPE");
}

/** Refuses a scoped token on an operation (`METHOD /path` of the OpenAPI document) outside its scopes. */
export function assertOperationScope(grant: ApiTokenGrant | undefined, method: string, path: string) {
  if (!grant?.scopes) return;
  const scope = operationScope(method, path);
  if (scope === "none") return;
  if (scope === undefined) throw missingScope(`${method.toUpperCase()} ${path}`);
  if (!grant.scopes.includes(scope)) throw missingScope(scope);
}

/** Whether the token holds `scope` (a token without scopes holds every one). */
export function grantHasScope(grant: ApiTokenGrant | undefined, scope: ApiTokenScope) {
  return !grant?.scopes || grant.scopes.includes(scope);
}

/**
 * A token restricted to one workspace reaches nothing of another: FORBIDDEN, as a record of a workspace the
 * caller is not a member of (decisions.md).
 */
export function assertTokenWorkspace(grant: ApiTokenGrant | undefined, workspaceId: string | null) {
  if (grant?.workspaceId && grant.workspaceId !== workspaceId) throw new AppError("FORBIDDEN");
}
