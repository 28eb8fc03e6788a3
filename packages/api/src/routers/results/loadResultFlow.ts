import type { Database } from "@parley/db";
import { storedFlowSelect, toPublishedFlowSnapshot } from "@parley/db/storedFlow";
import type { FlowSnapshot } from "@parley/engine";
import { loadDraftFlow } from "../../bots/loadDraftFlow";

/** The flow a result ran on, as the engine reads it: its published version, else the current draft. */
export async function loadResultFlow(
  prisma: Database,
  botId: string,
  publishedBotId: string | null,
): Promise<FlowSnapshot> {
  const version = publishedBotId
    ? await prisma.publishedBot.findUnique({
        where: { id: publishedBotId },
        select: {
          ...storedFlowSelect,
          id: true,
          botId: true,
          version: true,
          schemaVersion: true,
          createdAt: true,
          bot: { select: { workspaceId: true } },
        },
      })
    : null;
  if (version) return toPublishedFlowSnapshot({ ...version, workspaceId: version.bot.workspaceId });
  return (await loadDraftFlow(prisma, botId)).flow;
}
