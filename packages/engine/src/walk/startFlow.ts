import { aiAgentBlock, type ChatMessage, type StartFrom } from "@parley/schemas";
import { getInputExecutor } from "../blocks/getBlockExecutor";
import { EngineError } from "../errors";
import type { NextStep } from "./NextStep";
import { processDedicatedReply } from "./processDedicatedReply";
import { processInputReply } from "./processInputReply";
import { getCurrentIndex, type TurnContext } from "./TurnContext";
import { walkFlowForward } from "./walkFlowForward";

/** Checks a `startFrom` against the flow before anything runs. */
export const getStartStep = (ctx: TurnContext, startFrom: StartFrom | undefined): NextStep => {
  const index = getCurrentIndex(ctx);
  if (startFrom?.type === "group") {
    if (!index.groupsById.has(startFrom.groupId)) {
      throw new EngineError("START_GROUP_NOT_FOUND", `Group ${startFrom.groupId} does not exist in this bot`);
    }
    return { type: "group", groupId: startFrom.groupId };
  }
  const event = startFrom?.type === "event" ? index.eventsById.get(startFrom.eventId) : index.startEvent;
  if (startFrom?.type === "event" && !event) {
    throw new EngineError("START_EVENT_NOT_FOUND", `Event ${startFrom.eventId} does not exist in this bot`);
  }
  return event?.outgoingEdgeId ? { type: "edge", edgeId: event.outgoingEdgeId } : { type: "endPath" };
};

/**
 * Walks from the start; a message answers a first input right away when nothing was shown before it,
 * and is the first question of an AI agent that opens the flow without an opening message (a visitor
 * writing first on WhatsApp or Telegram is answered, not left waiting).
 */
export const startFlow = async (
  ctx: TurnContext,
  step: NextStep,
  message: ChatMessage | null | undefined,
) => {
  await walkFlowForward(ctx, step);
  const waitingFor = ctx.state.waitingFor;
  if (!message || message.type === "command" || ctx.messages.length > 0 || !ctx.input) return;
  if (waitingFor?.kind === "dedicatedReply" && waitingFor.action === aiAgentBlock.type) {
    ctx.input = null;
    await processDedicatedReply(ctx, waitingFor, message);
    return;
  }
  if (waitingFor?.kind !== "input" || needsALookBeforeReply(ctx, waitingFor.blockId)) return;
  ctx.input = null;
  await processInputReply(ctx, waitingFor.blockId, message);
};

/** Inputs a start message never answers (choices, cards, payment): the user has to see them first. */
const needsALookBeforeReply = (ctx: TurnContext, blockId: string): boolean => {
  const block = getCurrentIndex(ctx).blocksById.get(blockId)?.block;
  return Boolean(block && getInputExecutor(block)?.needsALookBeforeReply);
};
