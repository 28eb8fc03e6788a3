import type { WorkspaceSsoModel } from "@parley/db";
import { platformEnv } from "@parley/platform/env";
import {
  type WorkspaceSso,
  type WorkspaceSsoPreset,
  workspaceSsoProviderKey,
} from "@parley/schemas/management/workspaceSso";

/** A stored workspace provider as the API shows it: never its secret; the URLs to register and to share. */
export function toWorkspaceSso(row: WorkspaceSsoModel): WorkspaceSso {
  const builderUrl = platformEnv.BUILDER_URL.replace(/\/$/, "");
  const key = workspaceSsoProviderKey(row.id);
  return {
    id: row.id,
    preset: row.preset as WorkspaceSsoPreset,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    allowedDomains: row.allowedDomains,
    isEnforced: row.isEnforced,
    signInUrl: `${builderUrl}/api/auth/sso/${key}`,
    callbackUrl: `${builderUrl}/api/auth/sso/${key}/callback`,
    updatedAt: row.updatedAt.toISOString(),
  };
}
