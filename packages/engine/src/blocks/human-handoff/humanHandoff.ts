import {
  type ChatInput,
  defaultHumanHandoffOptions,
  type HumanHandoffBlock,
  humanHandoffBlock,
  isWithinBusinessHours,
} from "@parley/schemas";
import type { HandoffQueueState } from "../../ports";
import { parseVariables } from "../../variables/parseVariables";
import { setVariableValue } from "../../variables/VariableScope";
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
    const scope = getCurrentScope(ctx);
    const conversationId = ctx.ports.createId();
    const position = queue ? queue.waitingConversations + 1 : null;
    const expectedWaitMinutes = queue && position !== null ? estimateWaitMinutes(queue, position) : null;
    // An AI agent's hand-over path passed its summary this turn: it goes with the conversation it leads to.
    const summary = ctx.handoverSummary;
    ctx.handoverSummary = null;
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
      summary,
      queuePosition: position,
    };
    // Set before the waiting message is written, so it may say them (`{{Queue position}}`).
    if (options.queuePositionVariableId && position !== null)
      setVariableValue(scope, options.queuePositionVariableId, String(position));
    if (options.expectedWaitVariableId)
      setVariableValue(
        scope,
        options.expectedWaitVariableId,
        expectedWaitMinutes === null ? null : String(expectedWaitMinutes),
      );
    const waitingText = options.waitingMessage?.trim()
      ? options.waitingMessage
      : defaultHumanHandoffOptions.waitingMessage;
    const isQueuePositionShown =
      options.isQueuePositionShown ?? defaultHumanHandoffOptions.isQueuePositionShown;
    const isExpectedWaitShown = options.isExpectedWaitShown ?? defaultHumanHandoffOptions.isExpectedWaitShown;
    const positionText =
      isQueuePositionShown && position !== null ? `\nYou are number ${position} in the queue.` : "";
    const waitText =
      isExpectedWaitShown && expectedWaitMinutes !== null
        ? `\n${describeExpectedWait(expectedWaitMinutes)}`
        : "";
    ctx.messages.push({
      id: block.id,
      type: "text",
      content: createTextContent(
        `${parseVariables(waitingText, scope)}${positionText}${waitText}`,
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

/**
 * The expected wait of the visitor at `position`, in whole minutes: the queue's recent wait per place in the
 * queue times the visitor's place (docs/inbox.md, "Expected wait"); null when the history does not tell.
 */
export const estimateWaitMinutes = (
  queue: Pick<HandoffQueueState, "waitSecondsPerPosition">,
  position: number,
): number | null => {
  const perPosition = queue.waitSecondsPerPosition;
  if (perPosition === undefined || perPosition === null || !Number.isFinite(perPosition) || perPosition < 0)
    return null;
  return Math.round((perPosition * position) / 60);
};

/** The sentence the waiting message ends with: "less than a minute" under half a minute. */
export const describeExpectedWait = (minutes: number): string =>
  minutes < 1
    ? "Expected wait: less than a minute."
    : `Expected wait: about ${minutes} minute${minutes === 1 ? "" : "s"}.`;

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
