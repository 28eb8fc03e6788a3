import { appendSessionEvent } from "@parley/db/queries/appendSessionEvent";
import type { ChatRuntime } from "../core/chatRuntime";
import type { HandoffTurnResult } from "./runHandoffTurn";

/**
 * The `closed` event of the session's stream: why the handoff ended and, when the flow went on, its
 * turn's response (shaped like continueChat's), so the visitor's client shows the bot's next messages
 * right after it.
 */
export async function announceHandoffEnd(
  runtime: ChatRuntime,
  end: {
    sessionId: string;
    reason: "closed" | "timedOut";
    resolution: string | null;
    turn: HandoffTurnResult;
  },
): Promise<void> {
  await appendSessionEvent(runtime.getPool(), {
    sessionId: end.sessionId,
    type: "closed",
    data: {
      reason: end.reason,
      resolution: end.resolution,
      response: end.turn.status === "ran" ? end.turn.response : null,
    },
  });
}
