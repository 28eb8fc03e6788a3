import { randomBytes } from "node:crypto";
import { getPrisma } from "@parley/db";
import { createTestUser } from "@parley/platform/testing/fixtures";
import type { NewCredentials } from "@parley/schemas/credentials";
import { createWorkspaceCredentials } from "../credentials/workspaceCredentials";

/** A key shaped like a provider's, unique per test run so log greps can look for it. */
export const createTestApiKey = (prefix = "sk-test") => `${prefix}-${randomBytes(16).toString("hex")}`;

/** A workspace with credentials pointing at local servers; returns their ids by name. */
export async function createWorkspaceWithCredentials(list: NewCredentials[]) {
  const user = await createTestUser();
  const ids: Record<string, string> = {};
  for (const credentials of list) {
    const record = await createWorkspaceCredentials(getPrisma(), user.workspaceId, credentials);
    ids[credentials.name] = record.id;
  }
  return { ...user, credentialsIds: ids };
}
