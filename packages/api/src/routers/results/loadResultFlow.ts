import { toFlowSnapshot } from "@parley/chat/flows/toFlowSnapshot";
import type { Database } from "@parley/db";
import type { FlowSnapshot } from "@parley/engine";
import { loadDraftFlow, storedFlowSelect } from "../../bots/loadDraftFlow";

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
  if (version) return toFlowSnapshot({ ...version, workspaceId: version.bot.workspaceId });
  return (await loadDraftFlow(prisma, botId)).flow;
}
