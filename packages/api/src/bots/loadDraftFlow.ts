import { toDraftSnapshot } from "@parley/chat/flows/toFlowSnapshot";
import type { Database, Prisma } from "@parley/db";
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

/** The columns of a bot that its draft flow is made of. */
export const draftFlowSelect = {
  ...storedFlowSelect,
  version: true,
  updatedAt: true,
  workspaceId: true,
} as const;

/**
 * A bot's draft as the engine reads it (the chat runtime's snapshot of a stored flow), brought
 * to the latest schema version first when it is stored at an older one.
 */
export async function loadDraftFlow(
  prisma: Database,
  botId: string,
): Promise<{ name: string; flow: FlowSnapshot }> {
  const draft = await prisma.bot.findUniqueOrThrow({ where: { id: botId }, select: draftFlowSelect });
  return toDraftFlow(botId, draft);
}

/** The draft flow of a Bot row read with `draftFlowSelect` (for callers that read more of the row at once). */
export function toDraftFlow(
  botId: string,
  draft: Prisma.BotGetPayload<{ select: typeof draftFlowSelect }>,
): { name: string; flow: FlowSnapshot } {
  const migrated = migrateStoredFlow(draft.version, draft);
  const stored = migrated ? { ...draft, ...migrated, version: latestBotVersion } : draft;
  return { name: draft.name, flow: toDraftSnapshot(botId, draft.workspaceId, stored) };
}
