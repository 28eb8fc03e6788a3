import { readHandoffSession } from "@parley/db/queries/readHandoffSession";
import { type HandoffEvent, parseSessionState, type SessionState } from "@parley/engine";
import type { Settings } from "@parley/schemas";
import type { ChannelTurn } from "../channels/channelTurn";
import type { ChatRuntime } from "../core/chatRuntime";
import { loadSessionFlow } from "../core/persistence/loadSessionFlow";
import { runContinueTurn } from "../core/turns/runContinueTurn";

/** The key of the stored response of the turn that ended a conversation's wait (the flow's next messages). */
export const handoffRecordKey = (conversationId: string) => `handoff:${conversationId}`;

/** A turn lost to a concurrent one (the visitor wrote at that moment) is run again on the new state. */
const MAX_ATTEMPTS = 3;

export type HandoffTurnResult =
  | {
      status: "ran";
      response: ChannelTurn["response"];
      isCompleted: boolean;
      /** The flow's settings (a messaging channel's delivery reads its typing emulation). */
      settings: Settings;
      botId: string;
      resultId: string | null;
    }
  /** The session is gone, ended, or no longer waits in this conversation: nothing to run. */
  | { status: "notWaiting" };

/**
 * The turn that ends a session's wait in an inbox conversation, run server-side: the agent's close (the
 * flow resumes on the block's exit, or ends) or the pick-up timeout (the fallback path). Its response is
 * stored under the conversation's key, where the visitor's client finds the flow's next messages.
 */
export async function runHandoffTurn(
  runtime: ChatRuntime,
  turn: { sessionId: string; conversationId: string; event: HandoffEvent },
): Promise<HandoffTurnResult> {
  for (let attempt = 1; ; attempt++) {
    const session = await readHandoffSession(runtime.getPool(), turn.sessionId);
    if (!session || session.isCompleted) return { status: "notWaiting" };
    const state = parseSessionState(session.state);
    if (getHandoffConversationId(state) !== turn.conversationId) return { status: "notWaiting" };
    const { flow, previewSnapshots } = await loadSessionFlow(runtime, session, state);
    const result = await runContinueTurn(runtime, {
      kind: "handoff",
      session,
      flow,
      state,
      previewSnapshots,
      isStateHandedOver: true,
      // The client's format is not known here; the widget reads rich text.
      input: { message: null, textBubbleContentFormat: "richText", handoffEvent: turn.event },
      toRecords: (response, createdAt) =>
        [`turn:${session.turn}`, handoffRecordKey(turn.conversationId)].map((key) => ({
          scope: session.id,
          key,
          statusCode: 200,
          response,
          requestHash: null,
          createdAt,
        })),
    });
    if (result.isCommitted)
      return {
        status: "ran",
        response: result.response,
        isCompleted: result.outcome.isCompleted,
        settings: flow.settings,
        botId: session.botId,
        resultId: session.resultId,
      };
    if (attempt >= MAX_ATTEMPTS)
      throw new Error(`session ${session.id} kept changing while its handoff ended`);
  }
}

/** The inbox conversation a session waits in, if it waits in one. */
export function getHandoffConversationId(state: SessionState): string | null {
  const waitingFor = state.waitingFor;
  return waitingFor?.kind === "dedicatedReply" && waitingFor.handoff
    ? waitingFor.handoff.conversationId
    : null;
}
