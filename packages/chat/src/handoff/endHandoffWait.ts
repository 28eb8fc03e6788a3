import type { HandoffEvent } from "@parley/engine";
import type { Logger } from "@parley/platform/logger";
import type { ChannelsChatRuntime } from "../channels/channelsRuntime";
import { readConversationChannel } from "../channels/deliverAgentReply";
import { runHandoffTurnInChannelOrder } from "../channels/deliverHandoffTurn";
import { announceHandoffEnd } from "./announceHandoffEnd";
import { type HandoffTurnResult, runHandoffTurn } from "./runHandoffTurn";

/**
 * Ends a session's wait in a closed inbox conversation, wherever the visitor is: the turn that resumes the flow
 * on the Human handoff block's exit, ends it, or takes the fallback path (runHandoffTurn), then the `closed`
 * event of the session's stream (the web chat shows the flow's next messages from it). On WhatsApp and Telegram
 * the turn runs in the visitor's conversation order and the flow's next messages are sent there, as a channel
 * turn's replies; the caller gets the turn once it ran, the sending goes on.
 */
export async function endHandoffWait(
  runtime: ChannelsChatRuntime,
  end: {
    sessionId: string;
    conversationId: string;
    event: HandoffEvent;
    reason: "closed" | "timedOut";
    resolution: string | null;
  },
  logger: Logger,
): Promise<HandoffTurnResult> {
  const run = async () => {
    const turn = await runHandoffTurn(runtime, {
      sessionId: end.sessionId,
      conversationId: end.conversationId,
      event: end.event,
    });
    await announceHandoffEnd(runtime, {
      sessionId: end.sessionId,
      reason: end.reason,
      resolution: end.resolution,
      turn,
    });
    return turn;
  };
  const channel = await readConversationChannel(runtime, end.conversationId);
  if (!channel) return run();
  return runHandoffTurnInChannelOrder(
    runtime,
    channel,
    run,
    (turn) =>
      turn.status === "ran"
        ? {
            response: turn.response,
            settings: turn.settings,
            botId: turn.botId,
            resultId: turn.resultId,
            isFirstTurn: false,
          }
        : null,
    logger,
  );
}
