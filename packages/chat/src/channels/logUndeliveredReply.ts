import { createId, getPrisma } from "@parley/db";
import type { Logger } from "@parley/platform/logger";
import type { ChannelTurn } from "./handleChannelMessage";

/** A reply the platform did not take after its retries: in the server log and in the result's logs. */
export async function logUndeliveredReply(
  turn: ChannelTurn,
  failure: { channel: string; error: string },
  logger: Logger,
) {
  logger.error(
    { botId: turn.botId, resultId: turn.resultId, error: failure.error },
    "messaging: reply not delivered",
  );
  await getPrisma().log.create({
    data: {
      id: createId(),
      botId: turn.botId,
      resultId: turn.resultId,
      status: "error",
      description: `${failure.channel} message not delivered`,
      details: failure.error,
    },
  });
}
