import type { Database } from "@parley/db";
import { readFlowDocument } from "../../results/flowDocument";

const flowSelect = { groups: true, edges: true, events: true, variables: true } as const;

/** The flow a result ran on: its published version, else the current draft. */
export async function loadResultFlow(prisma: Database, botId: string, publishedBotId: string | null) {
  const version = publishedBotId
    ? await prisma.publishedBot.findUnique({ where: { id: publishedBotId }, select: flowSelect })
    : null;
  const flow = version ?? (await prisma.bot.findUniqueOrThrow({ where: { id: botId }, select: flowSelect }));
  return readFlowDocument(flow);
}
