import { createId } from "@parley/db";
import { closeConversation } from "@parley/db/queries/closeConversation";
import type { ChatRuntime } from "../core/chatRuntime";
import { announceHandoffEnd } from "./announceHandoffEnd";
import { type HandoffTurnResult, runHandoffTurn } from "./runHandoffTurn";

export type CloseHandoffResult =
  /** Closed by this call; `turn` is the session's resumed (or ended) flow. */
  | { status: "closed"; sessionId: string; turn: HandoffTurnResult }
  /** Unknown in the workspace, or closed already (by another agent, or the pick-up timeout). */
  | { status: "notOpen" };

/**
 * An agent closes an inbox conversation: one conditional write closes it (of two closes, one wins), then
 * the session's flow resumes on the Human handoff block's exit with the resolution and the variables the
 * agent set (`resume`), or ends.
 */
export async function closeHandoffConversation(
  runtime: ChatRuntime,
  close: {
    conversationId: string;
    workspaceId: string;
    resolution: string | null;
    resume: boolean;
    /** Values the agent sets, by variable name (names the flow does not declare are ignored). */
    variables?: Record<string, string>;
  },
): Promise<CloseHandoffResult> {
  const closed = await closeConversation(runtime.getPool(), {
    conversationId: close.conversationId,
    workspaceId: close.workspaceId,
    resolution: close.resolution,
    isResumed: close.resume,
    note: {
      id: createId(),
      text: close.resume ? "Closed: the bot takes the conversation back" : "Closed: the chat ended",
    },
  });
  if (!closed) return { status: "notOpen" };
  const turn = await runHandoffTurn(runtime, {
    sessionId: closed.sessionId,
    conversationId: closed.id,
    event: {
      type: "closed",
      resolution: close.resolution,
      resume: close.resume,
      variables: close.variables ?? {},
    },
  });
  await announceHandoffEnd(runtime, {
    sessionId: closed.sessionId,
    reason: "closed",
    resolution: close.resolution,
    turn,
  });
  return { status: "closed", sessionId: closed.sessionId, turn };
}
