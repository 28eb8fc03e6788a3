import type { Database, WorkspaceSsoModel } from "@parley/db";
import { type WorkspaceSsoPreset, workspaceSsoProviderKey } from "@parley/schemas/management/workspaceSso";
import { decryptCredentials, encryptCredentials } from "../credentials/credentialsCipher";
import type { SsoProtocol, SsoProvider } from "./ssoProviders";

/** Binds a sealed client secret to its row: copied into another workspace's, it no longer decrypts. */
export const workspaceSsoSecretBinding = (row: { id: string; workspaceId: string }) => ({
  id: row.id,
  workspaceId: row.workspaceId,
  type: "workspaceSso",
});

/** The client secret sealed with the credentials cipher for the row `row` (AES-256-GCM). */
export function sealWorkspaceSsoSecret(secret: string, row: { id: string; workspaceId: string }) {
  const sealed = encryptCredentials({ clientSecret: secret }, workspaceSsoSecretBinding(row));
  return { secretData: sealed.data, secretIv: sealed.iv };
}

/** The GitHub API of a web URL: api.github.com for github.com, `<url>/api/v3` for an Enterprise Server. */
export function githubApiUrlOf(webUrl: string) {
  const url = webUrl.replace(/\/$/, "");
  return new URL(url).hostname === "github.com" ? "https://api.github.com" : `${url}/api/v3`;
}

function protocolOf(preset: WorkspaceSsoPreset, issuer: string): SsoProtocol {
  const url = issuer.replace(/\/$/, "");
  if (preset === "github") return { kind: "github", webUrl: url, apiUrl: githubApiUrlOf(url) };
  return {
    kind: "oidc",
    issuer,
    scope: "openid email profile",
    verifiedEmailClaim: preset === "microsoft" ? "xms_edov" : "email_verified",
  };
}

type StoredSso = Pick<
  WorkspaceSsoModel,
  "id" | "workspaceId" | "preset" | "name" | "issuer" | "clientId" | "secretData" | "secretIv"
>;

/**
 * A workspace's provider as the sign-in uses it (its secret decrypted), reached through safeFetch
 * (`outbound`): its addresses were typed by a workspace ADMIN. Throws when the secret cannot be decrypted.
 */
export function toWorkspaceSsoProvider(
  row: StoredSso,
  outbound: { allowList?: readonly string[] } = {},
): SsoProvider {
  const { clientSecret } = decryptCredentials(
    { data: row.secretData, iv: row.secretIv },
    workspaceSsoSecretBinding(row),
  ) as {
    clientSecret: string;
  };
  return {
    id: workspaceSsoProviderKey(row.id),
    name: row.name,
    clientId: row.clientId,
    clientSecret,
    protocol: protocolOf(row.preset as WorkspaceSsoPreset, row.issuer),
    outbound,
  };
}

/** The stored provider a key (`ws-<id>`) names, or null. */
export async function findWorkspaceSso(prisma: Database, providerKey: string) {
  if (!providerKey.startsWith("ws-")) return null;
  return prisma.workspaceSso.findUnique({ where: { id: providerKey.slice(3) } });
}
