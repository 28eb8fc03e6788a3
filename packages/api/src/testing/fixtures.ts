import { createId, getPrisma, type WorkspaceRole } from "@parley/db";
import { addWorkspaceMember } from "../accounts/addWorkspaceMember";
import { createUserAccount } from "../accounts/createUserAccount";
import { createApiToken } from "../auth/apiTokens";

/** A user with an API token and, unless `workspaceId` is given, a workspace of their own (as ADMIN). */
export async function createTestUser(options: { workspaceId?: string; role?: WorkspaceRole } = {}) {
  const prisma = getPrisma();
  const email = `user-${createId()}@example.test`;
  const { user, workspace } = await createUserAccount(prisma, {
    email,
    password: "correct horse battery",
    name: "Test User",
    workspaceName: options.workspaceId ? undefined : `Workspace ${createId().slice(0, 6)}`,
  });
  const workspaceId = options.workspaceId ?? workspace?.id ?? "";
  if (options.workspaceId)
    await addWorkspaceMember(prisma, { workspaceId, email, role: options.role ?? "MEMBER" });
  const { token } = await createApiToken(prisma, user.id, "test");
  return { user, email, password: "correct horse battery", token, workspaceId };
}

/** A request to the REST API as an API consumer would send it. */
export function restRequest(
  method: string,
  path: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const init: RequestInit = {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  };
  return new Request(`http://localhost:3000/api/v1${path}`, init);
}
