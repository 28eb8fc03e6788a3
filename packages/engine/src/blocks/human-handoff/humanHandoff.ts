import {
  type ChatInput,
  defaultHumanHandoffOptions,
  type HumanHandoffBlock,
  humanHandoffBlock,
  isWithinBusinessHours,
} from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import type { NextStep } from "../../walk/NextStep";
import { createTextContent } from "../../walk/pushRetryMessage";
import {
  addClientSideAction,
  addLog,
  getCurrentFrame,
  getCurrentScope,
  getVisitorLanguage,
  type TurnContext,
} from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/**
 * `Human handoff`: the bot stops and the conversation waits in the workspace's inbox. Outside the
 * block's business hours, or with nobody available when the block asks for someone, the fallback path
 * is taken at once instead. Otherwise the visitor is told they wait (with their place in the queue when
 * the runtime knows it), the turn opens the conversation (`handoff.opened`, written with the turn) and
 * the session waits until an agent closes it or nobody took it in time (`continueHandoffWait`).
 */
export const humanHandoff: ActionExecutor<HumanHandoffBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, group, ctx }) {
    const options = block.options ?? {};
    const now = ctx.ports.now();
    const hours = options.businessHours;
    if (hours?.isEnabled && hours.timeZone) {
      const isOpen = isWithinBusinessHours(
        { timeZone: hours.timeZone, ranges: hours.ranges ?? [], holidays: hours.holidays ?? [] },
        now,
      );
      if (!isOpen)
        return takeHandoffFallback(ctx, block, "Outside business hours: the fallback path was taken");
    }
    const team = options.team?.trim() || null;
    const queue = ctx.ports.readHandoffQueue
      ? await ctx.ports.readHandoffQueue({ workspaceId: ctx.state.workspaceId, team })
      : null;
    const isFallbackWhenNobodyAvailable =
      options.isFallbackWhenNobodyAvailable ?? defaultHumanHandoffOptions.isFallbackWhenNobodyAvailable;
    if (isFallbackWhenNobodyAvailable && queue && queue.availableAgents === 0)
      return takeHandoffFallback(ctx, block, "No agent is available: the fallback path was taken");

    const frame = getCurrentFrame(ctx);
    const conversationId = ctx.ports.createId();
    const pickUpTimeoutAt = options.pickUpTimeoutMinutes
      ? new Date(now.getTime() + options.pickUpTimeoutMinutes * 60_000).toISOString()
      : null;
    const waitingEmailAt = options.waitingEmailMinutes
      ? new Date(now.getTime() + options.waitingEmailMinutes * 60_000).toISOString()
      : null;
    ctx.handoff.opened = {
      conversationId,
      botId: frame.botId,
      resultId: frame.resultId,
      blockId: block.id,
      team,
      pickUpTimeoutAt,
      waitingEmailAt,
      language: getVisitorLanguage(ctx),
    };
    const waitingText = options.waitingMessage?.trim()
      ? options.waitingMessage
      : defaultHumanHandoffOptions.waitingMessage;
    const isQueuePositionShown =
      options.isQueuePositionShown ?? defaultHumanHandoffOptions.isQueuePositionShown;
    const position =
      isQueuePositionShown && queue ? `\nYou are number ${queue.waitingConversations + 1} in the queue.` : "";
    ctx.messages.push({
      id: block.id,
      type: "text",
      content: createTextContent(
        `${parseVariables(waitingText, getCurrentScope(ctx))}${position}`,
        ctx.format,
      ),
    });
    ctx.lastBubbleBlockId = block.id;
    ctx.input = getHandoffInput(block);
    addListenForAgent(ctx, conversationId);
    return {
      type: "wait",
      waitFor: {
        kind: "dedicatedReply",
        action: humanHandoffBlock.type,
        groupId: group.id,
        blockId: block.id,
        handoff: { conversationId, pickUpTimeoutAt },
      },
    };
  },
};

/** The visitor keeps a text box while an agent handles the conversation: their messages go to the inbox. */
export const getHandoffInput = (block: HumanHandoffBlock): ChatInput => ({
  id: block.id,
  type: "text input",
  options: { labels: { placeholder: "Type your message…" } },
});

/**
 * Tells a web client to open the session's event stream (the agent's messages, typing, the close); a
 * messaging channel has no client to tell: the channel's senders deliver the agent's messages.
 */
export const addListenForAgent = (ctx: TurnContext, conversationId: string): void => {
  if (ctx.state.isOnMessagingChannel) return;
  addClientSideAction(ctx, { type: "listenForAgent", listenForAgent: { conversationId } });
};

/** The block's fallback path when it is connected, else its exit (logged either way). */
export const takeHandoffFallback = (ctx: TurnContext, block: HumanHandoffBlock, reason: string): NextStep => {
  addLog(ctx, { status: "info", description: reason, context: block.id });
  const edgeId = block.items[0].outgoingEdgeId;
  return edgeId ? { type: "edge", edgeId, isOffDefaultPath: true } : { type: "next" };
};
