import type { Logger } from "@parley/platform/logger";
import { addResultLog } from "./addResultLog";
import type { ChannelTurn } from "./channelTurn";

/**
 * Client-side actions (redirects, scripts, trackers…) have no client to run them on a messaging
 * channel: they are skipped, and each one says so in the server log and the result's logs.
 */
export async function logSkippedClientActions(turn: ChannelTurn, logger: Logger) {
  for (const action of turn.response.clientSideActions) {
    logger.info(
      { botId: turn.botId, resultId: turn.resultId, action: action.type },
      "messaging: action skipped",
    );
    await addResultLog(turn, {
      status: "info",
      description: `Not run on a messaging channel: ${action.type}`,
      details: null,
    });
  }
}
