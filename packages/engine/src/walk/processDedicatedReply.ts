import type { ChatMessage } from "@parley/schemas";
import { webhookBlock } from "@parley/schemas";
import { getStreamedVariableId } from "../blocks/ai/aiBlock";
import { getBlockExecutor } from "../blocks/getBlockExecutor";
import type { WaitPoint } from "../types/state";
import { serializeVariableValue } from "../variables/serializeVariableValue";
import { setVariableValue } from "../variables/VariableScope";
import { getReplyText } from "./processInputReply";
import { getCurrentIndex, getCurrentScope, type TurnContext } from "./TurnContext";
import { walkFlowForward } from "./walkFlowForward";

/**
 * The client sent the result of an action that expected a dedicated reply: store it where the block
 * says, then walk on after the block.
 */
export const processDedicatedReply = async (
  ctx: TurnContext,
  waitFor: Extract<WaitPoint, { kind: "dedicatedReply" }>,
  message: ChatMessage | null | undefined,
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
      if (waitFor.variableId) setVariableValue(scope, waitFor.variableId, text);
      if (location && getStreamedVariableId({ ...location, ctx }) === waitFor.variableId) {
        return continueAfter(
          ctx,
          location.group.id,
          location.group.blocks[location.index + 1]?.id ?? waitFor.blockId,
        );
      }
      break;
    case "httpRequest":
    case webhookBlock.type: {
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
