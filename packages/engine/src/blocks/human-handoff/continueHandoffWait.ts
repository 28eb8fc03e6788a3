import type { ChatMessage } from "@parley/schemas";
import { humanHandoffBlock } from "@parley/schemas";
import type { WaitPoint } from "../../types/state";
import { setVariableValue } from "../../variables/VariableScope";
import { markFlowEnded } from "../../walk/markFlowEnded";
import { getReplyText } from "../../walk/processInputReply";
import { addLog, getCurrentIndex, getCurrentScope, type TurnContext } from "../../walk/TurnContext";
import { walkFlowForward } from "../../walk/walkFlowForward";
import { addListenForAgent, getHandoffInput, takeHandoffFallback } from "./humanHandoff";

/**
 * A session waiting in the inbox: the visitor's message is the conversation's (stored with the turn, the
 * flow stays); an agent's close resumes the flow on the block's exit (with the resolution and the
 * variables the agent set) or ends the chat; the pick-up timeout takes the fallback path.
 */
export const continueHandoffWait = async (
  ctx: TurnContext,
  waitFor: Extract<WaitPoint, { kind: "dedicatedReply" }>,
  message: ChatMessage | null | undefined,
): Promise<void> => {
  const location = getCurrentIndex(ctx).blocksById.get(waitFor.blockId);
  const block = location?.block.type === humanHandoffBlock.type ? location.block : undefined;
  const event = ctx.handoffEvent;
  if (!event || !location || !block || !waitFor.handoff) {
    const text = getReplyText(message).trim();
    if (text && waitFor.handoff)
      ctx.handoff.visitorMessages.push({ conversationId: waitFor.handoff.conversationId, text });
    if (block) ctx.input = getHandoffInput(block);
    if (block && waitFor.handoff) addListenForAgent(ctx, waitFor.handoff.conversationId);
    return;
  }
  ctx.state.waitingFor = null;
  const from = { groupId: location.group.id, blockIndex: location.index };
  if (event.type === "timedOut")
    return walkFlowForward(
      ctx,
      takeHandoffFallback(ctx, block, "Nobody took the conversation in time: the fallback path was taken"),
      from,
    );
  if (!event.resume) {
    addLog(ctx, {
      status: "info",
      description: "The agent closed the conversation: the chat ended",
      context: block.id,
    });
    return markFlowEnded(ctx);
  }
  const scope = getCurrentScope(ctx);
  if (block.options?.resolutionVariableId)
    setVariableValue(scope, block.options.resolutionVariableId, event.resolution);
  for (const [name, value] of Object.entries(event.variables)) {
    const variable = scope.index.variablesByName.get(name);
    if (variable) setVariableValue(scope, variable.id, value);
  }
  return walkFlowForward(ctx, { type: "next" }, from);
};
