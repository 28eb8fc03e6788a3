import { toDraftSnapshot } from "@parley/chat/flows/toFlowSnapshot";
import type { Database } from "@parley/db";
import type { FlowSnapshot } from "@parley/engine";
import { latestBotVersion } from "@parley/schemas";
import { migrateStoredFlow } from "./migrateStoredFlow";

/** The columns of a stored flow, in the draft (Bot) and in a published version (PublishedBot). */
export const storedFlowSelect = {
  name: true,
  events: true,
  groups: true,
  edges: true,
  variables: true,
  theme: true,
  settings: true,
} as const;

/**
 * A bot's draft as the engine reads it (the chat runtime's snapshot of a stored flow), brought
 * to the latest schema version first when it is stored at an older one.
 */
export async function loadDraftFlow(
  prisma: Database,
  botId: string,
): Promise<{ name: string; flow: FlowSnapshot }> {
  const draft = await prisma.bot.findUniqueOrThrow({
    where: { id: botId },
    select: { ...storedFlowSelect, version: true, updatedAt: true, workspaceId: true },
  });
  const migrated = migrateStoredFlow(draft.version, draft);
  const stored = migrated ? { ...draft, ...migrated, version: latestBotVersion } : draft;
  return { name: draft.name, flow: toDraftSnapshot(botId, draft.workspaceId, stored) };
}
