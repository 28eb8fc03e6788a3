import type { Database } from "@parley/db";
import { readStoredFlow, storedFlowSelect } from "@parley/db/storedFlow";
import type { BotDocument } from "@parley/schemas";

/** A bot's draft as a document (converted, defaults filled in), with its name. */
export async function readStoredDraft(
  prisma: Database,
  botId: string,
): Promise<{ name: string; flow: BotDocument }> {
  const row = await prisma.bot.findUniqueOrThrow({
    where: { id: botId },
    select: { ...storedFlowSelect, name: true, version: true },
  });
  return { name: row.name, flow: readStoredFlow(row.version, row) };
}
