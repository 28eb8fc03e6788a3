import type { Database } from "@parley/db";

/**
 * The author a benchmark acts as: a user with a workspace and an API token. Imported after the
 * benchmark has pointed DATABASE_URL at its own PostgreSQL (the platform reads it on import).
 */
export async function createBenchAccount(prisma: Database) {
  const { createApiToken } = await import("@parley/platform/auth/apiTokens");
  const { createUserAccount } = await import("@parley/platform/accounts/createUserAccount");
  const { user, workspace } = await createUserAccount(prisma, {
    email: "bench@example.test",
    password: "bench password",
    workspaceName: "Bench",
  });
  if (!workspace) throw new Error("the bench account has no workspace");
  const { token } = await createApiToken(prisma, user.id, "bench");
  return { workspaceId: workspace.id, token };
}
