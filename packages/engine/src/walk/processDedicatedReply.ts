import type { ChatMessage } from "@parley/schemas";
import { aiAgentBlock, humanHandoffBlock, webhookBlock } from "@parley/schemas";
import { getStreamedVariableId } from "../blocks/ai/aiBlock";
import { continueAiAgent, continueStreamedAiAgent } from "../blocks/ai-agent/aiAgent";
import { getBlockExecutor } from "../blocks/getBlockExecutor";
import { continueHandoffWait } from "../blocks/human-handoff/continueHandoffWait";
import { isWebhookListenExpired } from "../blocks/webhook/isWebhookListenExpired";
import type { WaitPoint } from "../types/state";
import { serializeVariableValue } from "../variables/serializeVariableValue";
import { setVariableValue } from "../variables/VariableScope";
import { getReplyText } from "./processInputReply";
import {
  addClientSideAction,
  addLog,
  getCurrentIndex,
  getCurrentScope,
  type TurnContext,
} from "./TurnContext";
import { walkFlowForward } from "./walkFlowForward";

/**
 * The client sent the result of an action that expected a dedicated reply: store it where the block
 * says, then walk on after the block.
 */
export const processDedicatedReply = async (
  ctx: TurnContext,
  waitFor: Extract<WaitPoint, { kind: "dedicatedReply" }>,
  message: ChatMessage | null | undefined,
  webhookBody?: string,
): Promise<void> => {
  const text = getReplyText(message);
  const scope = getCurrentScope(ctx);
  const location = getCurrentIndex(ctx).blocksById.get(waitFor.blockId);
  switch (waitFor.action) {
    case "setVariable":
    case "embedEvent":
      if (waitFor.variableId) setVariableValue(scope, waitFor.variableId, parseJsonIfPossible(text));
      break;
    case "stream":
      if (location?.block.type === aiAgentBlock.type) {
        // An AI agent's streamed answer: the stream stored its outcome; the reply's text is not needed.
        ctx.state.waitingFor = null;
        const step = await continueStreamedAiAgent({ ...location, block: location.block, ctx });
        if (step === "end") return;
        return walkFlowForward(ctx, step, { groupId: location.group.id, blockIndex: location.index });
      }
      if (waitFor.variableId) setVariableValue(scope, waitFor.variableId, text);
      if (location && getStreamedVariableId({ ...location, ctx }) === waitFor.variableId) {
        return continueAfter(
          ctx,
          location.group.id,
          location.group.blocks[location.index + 1]?.id ?? waitFor.blockId,
        );
      }
      break;
    case webhookBlock.type:
      return continueWebhookWait(ctx, waitFor, webhookBody);
    case humanHandoffBlock.type:
      return continueHandoffWait(ctx, waitFor, message);
    case aiAgentBlock.type: {
      if (location?.block.type !== aiAgentBlock.type) break;
      ctx.state.waitingFor = null;
      const step = await continueAiAgent({ ...location, block: location.block, ctx }, text);
      if (step === "end") return;
      return walkFlowForward(ctx, step, { groupId: location.group.id, blockIndex: location.index });
    }
    case "httpRequest": {
      const executor = location ? getBlockExecutor(location.block) : undefined;
      if (location && executor?.kind === "action")
        await executor.applyDedicatedReply?.({ block: location.block, group: location.group, ctx }, text);
      break;
    }
    case "wait":
      break;
  }
  return continueAfter(ctx, waitFor.groupId, waitFor.blockId);
};

/**
 * A waiting `webhook` block goes on with the posted body mapped, or without it once its timeout has
 * passed (logged); before that, a client's message does not resume it and the wait is repeated.
 */
const continueWebhookWait = async (
  ctx: TurnContext,
  waitFor: Extract<WaitPoint, { kind: "dedicatedReply" }>,
  webhookBody: string | undefined,
): Promise<void> => {
  const location = getCurrentIndex(ctx).blocksById.get(waitFor.blockId);
  if (webhookBody !== undefined) {
    const executor = location ? getBlockExecutor(location.block) : undefined;
    if (location && executor?.kind === "action")
      await executor.applyDedicatedReply?.(
        { block: location.block, group: location.group, ctx },
        webhookBody,
      );
    return continueAfter(ctx, waitFor.groupId, waitFor.blockId);
  }
  if (isWebhookListenExpired(waitFor.webhook, ctx.ports.now())) {
    addLog(ctx, {
      status: "info",
      description: "The webhook was not called before its timeout: the flow went on without it",
      context: waitFor.blockId,
    });
    return continueAfter(ctx, waitFor.groupId, waitFor.blockId);
  }
  if (waitFor.webhook)
    addClientSideAction(ctx, {
      type: "listenForWebhook",
      listenForWebhook: waitFor.webhook,
      expectsDedicatedReply: true,
    });
};

/** The streamed bubble was already shown by the client while streaming: the walk skips it. */
const continueAfter = (ctx: TurnContext, groupId: string, blockId: string) => {
  ctx.state.waitingFor = null;
  return walkFlowForward(ctx, { type: "position", position: { groupId, blockId, mode: "after" } });
};

/** JSON replies become their value (lists stay lists); anything else is kept as text. */
const parseJsonIfPossible = (text: string) => {
  try {
    return serializeVariableValue(JSON.parse(text));
  } catch {
    return text === "" ? null : text;
  }
};
