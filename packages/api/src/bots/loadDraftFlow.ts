import type { Database, Prisma } from "@parley/db";
import { storedFlowSelect, toDraftFlowSnapshot } from "@parley/db/storedFlow";
import type { FlowSnapshot } from "@parley/engine";

/** The columns of a bot that its draft flow is made of. */
export const draftFlowSelect = {
  ...storedFlowSelect,
  name: true,
  version: true,
  updatedAt: true,
  workspaceId: true,
} as const;

/**
 * A bot's draft as the engine reads it (the stored flow's snapshot, brought to the latest schema
 * version first when it is stored at an older one).
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
  return { name: draft.name, flow: toDraftFlowSnapshot(botId, draft.workspaceId, draft) };
}
