import { createId } from "@parley/db";
import { closeConversation } from "@parley/db/queries/closeConversation";
import type { Logger } from "@parley/platform/logger";
import type { ChannelsChatRuntime } from "../channels/channelsRuntime";
import { endHandoffWait } from "./endHandoffWait";
import type { HandoffTurnResult } from "./runHandoffTurn";

export type CloseHandoffResult =
  /** Closed by this call; `turn` is the session's resumed (or ended) flow. */
  | { status: "closed"; sessionId: string; turn: HandoffTurnResult }
  /** Unknown in the workspace, or closed already (by another agent, or the pick-up timeout). */
  | { status: "notOpen" };

/**
 * An agent closes an inbox conversation: one conditional write closes it (of two closes, one wins), then
 * the session's flow resumes on the Human handoff block's exit with the resolution and the variables the
 * agent set (`resume`), or ends (endHandoffWait: on WhatsApp and Telegram the flow's next messages are sent there).
 */
export async function closeHandoffConversation(
  runtime: ChannelsChatRuntime,
  close: {
    conversationId: string;
    workspaceId: string;
    resolution: string | null;
    resume: boolean;
    /** Values the agent sets, by variable name (names the flow does not declare are ignored). */
    variables?: Record<string, string>;
  },
  logger: Logger,
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
  const turn = await endHandoffWait(
    runtime,
    {
      sessionId: closed.sessionId,
      conversationId: closed.id,
      event: {
        type: "closed",
        resolution: close.resolution,
        resume: close.resume,
        variables: close.variables ?? {},
      },
      reason: "closed",
      resolution: close.resolution,
    },
    logger,
  );
  return { status: "closed", sessionId: closed.sessionId, turn };
}
