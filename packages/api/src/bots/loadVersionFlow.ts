import type { Database } from "@parley/db";
import { storedFlowSelect, toPublishedFlowSnapshot } from "@parley/db/storedFlow";
import type { FlowSnapshot } from "@parley/engine";
import { AppError } from "@parley/platform/errors";

/** A published version of a bot by number, as the engine reads it; NOT_FOUND (at `version`) when it has none. */
export async function loadVersionFlow(
  prisma: Database,
  botId: string,
  version: number,
): Promise<FlowSnapshot> {
  const row = await prisma.publishedBot.findUnique({
    where: { botId_version: { botId, version } },
    select: {
      ...storedFlowSelect,
      id: true,
      botId: true,
      schemaVersion: true,
      createdAt: true,
      bot: { select: { workspaceId: true } },
    },
  });
  if (!row) throw new AppError("NOT_FOUND", [{ message: "No such version", path: ["version"] }]);
  return toPublishedFlowSnapshot({ ...row, workspaceId: row.bot.workspaceId });
}
