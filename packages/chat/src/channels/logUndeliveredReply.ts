import type { Logger } from "@parley/platform/logger";
import { addResultLog } from "./addResultLog";
import type { ChannelTurn } from "./channelTurn";

/** A reply the platform did not take after its retries: in the server log and in the result's logs. */
export async function logUndeliveredReply(
  turn: Pick<ChannelTurn, "botId" | "resultId">,
  failure: { channel: string; error: string },
  logger: Logger,
) {
  logger.error(
    { botId: turn.botId, resultId: turn.resultId, error: failure.error },
    "messaging: reply not delivered",
  );
  await addResultLog(turn, {
    status: "error",
    description: `${failure.channel} message not delivered`,
    details: failure.error,
  });
}
