import { createId, getPrisma } from "@parley/db";
import type { ChannelTurn } from "./channelTurn";

/** A line in the logs of the conversation's result (shown with it in the results table). */
export async function addResultLog(
  turn: Pick<ChannelTurn, "botId" | "resultId">,
  log: { status: string; description: string; details: string | null },
) {
  await getPrisma().log.create({
    data: { id: createId(), botId: turn.botId, resultId: turn.resultId, ...log },
  });
}
