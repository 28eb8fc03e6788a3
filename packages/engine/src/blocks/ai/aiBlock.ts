import { type AiBlock, textBubbleBlock } from "@parley/schemas";
import type { AiPort } from "../../ports";
import { getChildren, getLeafText } from "../../rich-text/richTextNodes";
import { getSingleVariableReference, parseVariables } from "../../variables/parseVariables";
import { setVariableValue } from "../../variables/VariableScope";
import type { NextStep } from "../../walk/NextStep";
import { addClientSideAction, addLog, getCurrentFrame, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor, BlockRun } from "../BlockExecutor";

/**
 * The AI kinds run through the AI port; a kind the server has no port for is logged and skipped.
 * When the client streams and the next block is a text bubble that shows exactly one variable, the
 * port may answer with a stream: the client fetches it and sends the full text back, which is stored
 * in that variable.
 */
export const aiBlock: ActionExecutor<AiBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute(run) {
    const port = run.ctx.ports.ai;
    if (!port?.blockTypes.includes(run.block.type)) return skipUnconfigured(run);
    return executeThroughPort(port, run);
  },
};

const executeThroughPort = async (port: AiPort, run: BlockRun<AiBlock>): Promise<NextStep> => {
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
};

/** The variable the next bubble shows alone (`{{Answer}}`), if the next block is such a bubble. */
export const getStreamedVariableId = (run: BlockRun): string | null => {
  const next = run.group.blocks[run.group.blocks.indexOf(run.block) + 1];
  if (next?.type !== textBubbleBlock.type) return null;
  const richText = next.content?.richText ?? [];
  const first = richText.length === 1 ? richText[0] : undefined;
  const text = first
    ? getChildren(first)
        .map((leaf) => getLeafText(leaf) ?? "")
        .join("")
    : "";
  const name = getSingleVariableReference(text);
  return name ? (getCurrentScope(run.ctx).index.variablesByName.get(name)?.id ?? null) : null;
};

const skipUnconfigured = ({ block, ctx }: BlockRun<AiBlock>): NextStep => {
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
};
