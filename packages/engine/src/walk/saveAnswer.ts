import {
  type ChatMessage,
  getInputVariableId,
  type InputBlock,
  isInputBlock,
  textBubbleBlock,
  type VariableValue,
} from "@parley/schemas";
import type { BlockRun, ParsedReply } from "../blocks/BlockExecutor";
import { getVariableValue, setVariableValue } from "../variables/VariableScope";
import { getReplyText } from "./processInputReply";
import { getCurrentFrame, getCurrentScope } from "./TurnContext";

/**
 * A valid answer: stored in the result (next index), in the input's variable (appended when the
 * variable holds a list), in the answers used by default bodies, in the transcript and progress.
 */
export const saveAnswer = (
  run: BlockRun<InputBlock>,
  parsed: Extract<ParsedReply, { status: "success" }>,
  reply: ChatMessage | null,
): void => {
  const { ctx, block, group } = run;
  const frame = getCurrentFrame(ctx);
  const scope = getCurrentScope(ctx);
  const counters = ctx.state.results[frame.resultId];
  const variableId = getInputVariableId(block);
  if (counters) {
    ctx.newAnswers.push({
      resultId: frame.resultId,
      index: counters.answerCount,
      blockId: block.id,
      groupId: group.id,
      content: parsed.content,
      ...(parsed.itemId ? { itemId: parsed.itemId } : {}),
      ...(variableId ? { variableId } : {}),
      ...(parsed.attachedFileUrls?.length ? { attachedFileUrls: parsed.attachedFileUrls } : {}),
    });
    counters.answerCount += 1;
    setAnswerByKey(counters.answers, getAnswerKey(run, variableId), parsed.content);
    ctx.touchedResultIds.add(frame.resultId);
  }
  if (variableId) {
    const value = parsed.variableValue ?? parsed.content;
    setVariableValue(scope, variableId, appendIfList(getVariableValue(scope, variableId), value));
  }
  for (const update of parsed.variableUpdates ?? []) setVariableValue(scope, update.variableId, update.value);
  if (ctx.state.progress) ctx.state.progress.answered += 1;
  ctx.state.transcript?.push({ role: "user", type: textBubbleBlock.type, text: parsed.content });
  const sent = getReplyText(reply);
  if (
    reply?.type === textBubbleBlock.type &&
    parsed.formattedMessage !== undefined &&
    parsed.formattedMessage !== sent
  ) {
    ctx.lastMessageNewFormat = parsed.formattedMessage;
  }
};

/** One entry per key (the latest answer), so the state stays bounded in long or looping chats. */
const setAnswerByKey = (answers: { key: string; value: string }[], key: string, value: string): void => {
  const existing = answers.find((answer) => answer.key === key);
  if (existing) existing.value = value;
  else answers.push({ key, value });
};

const appendIfList = (current: VariableValue, value: VariableValue): VariableValue =>
  Array.isArray(current) && !Array.isArray(value) ? [...current, value] : value;

/** Variable name, else the group title ("Title (n)" for the n-th input of a group, n ≥ 1). */
const getAnswerKey = (run: BlockRun<InputBlock>, variableId: string | undefined): string => {
  const variable = variableId ? getCurrentScope(run.ctx).index.variablesById.get(variableId) : undefined;
  if (variable) return variable.name;
  const inputs = run.group.blocks.filter(isInputBlock);
  const position = inputs.indexOf(run.block);
  return position > 0 ? `${run.group.title} (${position})` : run.group.title;
};
