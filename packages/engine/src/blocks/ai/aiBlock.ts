import type { AiPort } from "../../ports";
import { getSingleVariableReference, parseVariables } from "../../variables/parseVariables";
import { setVariableValue } from "../../variables/VariableScope";
import type { NextStep } from "../../walk/NextStep";
import { addClientSideAction, addLog, getCurrentFrame, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor, BlockRun } from "../BlockExecutor";

/** Wire types of the AI blocks; without an AI port they are logged and skipped. */
export const AI_BLOCK_TYPES = ["openai", "anthropic", "mistral", "openai-compatible", "OpenAI"] as const;

/**
 * An AI block through the AI port. When the client streams and the next block is a text bubble that
 * shows exactly one variable, the port may answer with a stream: the client fetches it and sends the
 * full text back, which is stored in that variable.
 */
export const createAiBlockExecutor = (port: AiPort): ActionExecutor => ({
  kind: "action",
  async execute(run) {
    const { ctx, block, group } = run;
    const scope = getCurrentScope(ctx);
    const variables = scope.flow.variables.map((variable) => ({
      id: variable.id,
      name: variable.name,
      value: scope.values[variable.id] ?? null,
    }));
    const result = await port.executeBlock({
      block,
      workspaceId: ctx.state.workspaceId,
      botId: scope.flow.botId,
      resultId: getCurrentFrame(ctx).resultId,
      isPreview: ctx.state.isPreview,
      variables,
      parseVariables: (text) => parseVariables(text, scope),
      streamVariableId: ctx.state.isStreamEnabled ? getStreamedVariableId(run) : null,
    });
    for (const update of result.variableUpdates) setVariableValue(scope, update.variableId, update.value);
    // Provider errors may quote prompts or endpoints: live clients do not see them, results keep them.
    for (const log of result.logs)
      addLog(ctx, { ...log, context: log.context ?? block.id }, { isHiddenFromLiveClient: true });
    if (!result.stream) return { type: "next" };
    addClientSideAction(ctx, { type: "stream", stream: true, expectsDedicatedReply: true });
    const step: NextStep = {
      type: "wait",
      waitFor: {
        kind: "dedicatedReply",
        action: "stream",
        groupId: group.id,
        blockId: block.id,
        variableId: result.stream.variableId,
      },
    };
    return step;
  },
});

/** The variable the next bubble shows alone (`{{Answer}}`), if the next block is such a bubble. */
export const getStreamedVariableId = (run: BlockRun): string | null => {
  const next = run.group.blocks[run.group.blocks.indexOf(run.block) + 1];
  if (next?.type !== "text") return null;
  const richText = (next.content?.richText ?? []) as { children?: { text?: string }[] }[];
  const text =
    richText.length === 1 ? (richText[0]?.children ?? []).map((leaf) => leaf.text ?? "").join("") : "";
  const name = getSingleVariableReference(text);
  return name ? (getCurrentScope(run.ctx).index.variablesByName.get(name)?.id ?? null) : null;
};

/** AI block types the server has no port for. */
export const unconfiguredAiBlock: ActionExecutor = {
  kind: "action",
  async execute({ block, ctx }) {
    addLog(
      ctx,
      {
        status: "error",
        description: `AI block "${block.type}" is not configured on this server; skipped`,
        context: block.id,
      },
      { isHiddenFromLiveClient: true },
    );
    return { type: "next" };
  },
};
