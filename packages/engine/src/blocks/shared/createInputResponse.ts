import {
  type ChatInput,
  getInputVariableId,
  type InputBlock,
  type Settings,
  textBubbleBlock,
} from "@parley/schemas";
import { parseVariablesDeep } from "../../variables/parseVariablesDeep";
import { getVariableValue } from "../../variables/VariableScope";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";

/**
 * The input as sent to the client: string options with variables substituted, the current value of
 * its variable as `prefilledValue` when it holds text (unless the bot turned input prefill off).
 * `prefilledValue` is left out otherwise (never `null`); a payment input adds its `runtimeOptions`.
 */
export const createInputResponse = <B extends InputBlock>(
  run: BlockRun<B>,
  extra: { items?: Extract<InputBlock, { items: unknown }>["items"] } = {},
): ChatInput => {
  const scope = getCurrentScope(run.ctx);
  const options = run.block.options ? parseVariablesDeep(run.block.options, scope) : undefined;
  const variableId = getInputVariableId(run.block);
  const current = isInputPrefillEnabled(scope.flow.settings) ? getVariableValue(scope, variableId) : null;
  // The kind's block with its options substituted and items filtered: the same kind, so a ChatInput.
  return {
    id: run.block.id,
    type: run.block.type,
    ...(run.block.outgoingEdgeId ? { outgoingEdgeId: run.block.outgoingEdgeId } : {}),
    ...(options ? { options } : {}),
    ...(extra.items ? { items: extra.items } : {}),
    ...(typeof current === "string" && current !== "" ? { prefilledValue: current } : {}),
  } as ChatInput;
};

/** The text of a text reply (audio and commands are not text). */
export const getTextReply = (reply: { type: string; text?: string } | null): string | undefined =>
  reply?.type === textBubbleBlock.type && typeof reply.text === "string" ? reply.text : undefined;

const isInputPrefillEnabled = (settings: Settings): boolean =>
  settings.general?.isInputPrefillEnabled !== false;
