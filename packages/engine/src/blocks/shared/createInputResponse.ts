import type { ChatInput } from "../../types/chat";
import type { FlowBlockItem } from "../../types/flow";
import { parseVariablesDeep } from "../../variables/parseVariablesDeep";
import { getVariableValue } from "../../variables/VariableScope";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";

/**
 * The input as sent to the client: string options with variables substituted, the current value of
 * its variable as `prefilledValue` when it holds text (unless the bot turned input prefill off).
 * `prefilledValue` and `runtimeOptions` are always present (null when they do not apply).
 */
export const createInputResponse = (run: BlockRun, extra: { items?: FlowBlockItem[] } = {}): ChatInput => {
  const scope = getCurrentScope(run.ctx);
  const options = run.block.options ? parseVariablesDeep(run.block.options, scope) : undefined;
  const variableId =
    typeof run.block.options?.variableId === "string" ? run.block.options.variableId : undefined;
  const current = isInputPrefillEnabled(scope.flow.settings) ? getVariableValue(scope, variableId) : null;
  return {
    id: run.block.id,
    type: run.block.type,
    ...(run.block.outgoingEdgeId ? { outgoingEdgeId: run.block.outgoingEdgeId } : {}),
    ...(options ? { options } : {}),
    ...(extra.items ? { items: extra.items } : {}),
    prefilledValue: typeof current === "string" && current !== "" ? current : null,
    runtimeOptions: null,
  };
};

/** The text of a text reply (audio and commands are not text). */
export const getTextReply = (reply: { type: string; text?: string } | null): string | undefined =>
  reply?.type === "text" && typeof reply.text === "string" ? reply.text : undefined;

const isInputPrefillEnabled = (settings: Record<string, unknown>): boolean =>
  (settings.general as { isInputPrefillEnabled?: boolean } | undefined)?.isInputPrefillEnabled !== false;
