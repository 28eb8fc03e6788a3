import { toDraftSnapshot, toFlowSnapshot } from "@parley/chat/flows/toFlowSnapshot";
import type { Database } from "@parley/db";
import type { FlowSnapshot } from "@parley/engine";

const documentSelect = {
  name: true,
  events: true,
  groups: true,
  edges: true,
  variables: true,
  theme: true,
  settings: true,
} as const;

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
          ...documentSelect,
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
  const draft = await prisma.bot.findUniqueOrThrow({
    where: { id: botId },
    select: { ...documentSelect, version: true, updatedAt: true, workspaceId: true },
  });
  return toDraftSnapshot(botId, draft.workspaceId, draft);
}
