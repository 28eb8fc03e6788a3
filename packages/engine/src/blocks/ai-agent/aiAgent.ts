import {
  type AiAgentBlock,
  aiAgentBlock,
  type ChatBubble,
  type ChatInput,
  defaultAiAgentOptions,
  type MessageSource,
  textBubbleBlock,
  textInputBlock,
} from "@parley/schemas";
import type { AiAgentTurnResult } from "../../ports";
import type { AiAgentDialogueState } from "../../types/state";
import { parseVariables } from "../../variables/parseVariables";
import { setVariableValue } from "../../variables/VariableScope";
import { getDefaultStep } from "../../walk/getDefaultStep";
import { markFlowEnded } from "../../walk/markFlowEnded";
import type { NextStep } from "../../walk/NextStep";
import { formatTranscriptSources, pushBubble } from "../../walk/pushBubble";
import { createTextContent } from "../../walk/pushRetryMessage";
import {
  addClientSideAction,
  addLog,
  getCurrentFrame,
  getCurrentScope,
  getVisitorLanguage,
  type TurnContext,
} from "../../walk/TurnContext";
import type { ActionExecutor, BlockRun } from "../BlockExecutor";

/** Messages of the conversation kept between turns (the oldest are dropped first). */
export const MAX_AGENT_DIALOGUE_MESSAGES = 40;

/**
 * `AI agent`: on arrival it says its opening message (if any) and waits for the visitor. Each message
 * then runs the agent through the AI agent port (model steps, knowledge searches, tools), shows the
 * answer with its sources and waits again on the same block, until a tool takes the flow elsewhere: a
 * path's edge, the end of the conversation, or (after a fallback, when the block says so) its own exit.
 */
export const aiAgent: ActionExecutor<AiAgentBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute(run) {
    const { ctx, block } = run;
    const dialogue: { role: "user" | "assistant"; content: string }[] = [];
    const opening = block.options?.openingMessage?.trim()
      ? parseVariables(block.options.openingMessage, getCurrentScope(ctx)).trim()
      : "";
    if (opening) {
      showAnswer(ctx, block.id, opening, []);
      dialogue.push({ role: "assistant", content: opening });
    }
    ctx.state.aiAgentDialogue = toDialogueState(block, dialogue);
    return waitForVisitor(run);
  },
};

/**
 * The agent's conversation as the session keeps it, with the ids its next message needs read: the runtime
 * reads them with the session (the turn's one read statement) instead of the agent reading them apart.
 */
const toDialogueState = (
  block: AiAgentBlock,
  messages: AiAgentDialogueState["messages"],
): AiAgentDialogueState => ({
  blockId: block.id,
  messages,
  reads: {
    credentialsId: block.options?.credentialsId ?? null,
    knowledgeBaseIds: [...new Set(block.options?.knowledgeBaseIds ?? [])],
  },
});

/**
 * The visitor's message to the agent the session waits on: the agent's turn, then where the flow goes.
 * A streaming client gets a `stream` action instead: the agent runs in POST …/streamMessage, whose
 * answer the next continueChat applies (`continueStreamedAiAgent`).
 */
export const continueAiAgent = async (
  run: BlockRun<AiAgentBlock>,
  message: string,
): Promise<NextStep | "end"> => {
  const { ctx, block, group } = run;
  const dialogue = ctx.state.aiAgentDialogue?.blockId === block.id ? ctx.state.aiAgentDialogue.messages : [];
  if (message.trim() === "") return waitForVisitor(run);
  const answerIndex = saveVisitorMessage(run, message);
  if (ctx.state.isStreamEnabled && ctx.ports.aiAgent) {
    ctx.state.aiAgentStream = { blockId: block.id, message, answerIndex };
    ctx.touchedResultIds.add(getCurrentFrame(ctx).resultId);
    addClientSideAction(ctx, { type: "stream", stream: true, expectsDedicatedReply: true });
    return {
      type: "wait",
      waitFor: { kind: "dedicatedReply", action: "stream", groupId: group.id, blockId: block.id },
    };
  }
  const result = await runAgentTurn(run, dialogue, message);
  return applyAgentResult(run, { dialogue, message, answerIndex, result, isStreamed: false });
};

/**
 * The client's reply after streaming the agent's answer: the outcome the stream stored is applied (the
 * answer's text is not shown again; its sources go back in the response). A client that did not stream
 * gets the agent's answer now, as a bubble.
 */
export const continueStreamedAiAgent = async (run: BlockRun<AiAgentBlock>): Promise<NextStep | "end"> => {
  const { ctx, block } = run;
  const pending = ctx.state.aiAgentStream;
  delete ctx.state.aiAgentStream;
  if (pending?.blockId !== block.id) return waitForVisitor(run);
  const dialogue = ctx.state.aiAgentDialogue?.blockId === block.id ? ctx.state.aiAgentDialogue.messages : [];
  const { message, answerIndex, outcome } = pending;
  if (!outcome) {
    const result = await runAgentTurn(run, dialogue, message);
    return applyAgentResult(run, { dialogue, message, answerIndex, result, isStreamed: false });
  }
  return applyAgentResult(run, {
    dialogue,
    message,
    answerIndex,
    result: { ...outcome, logs: outcome.previewSteps ?? [] },
    isStreamed: true,
  });
};

/** The agent's answer shown (unless it was streamed), saved and logged; then where the flow goes. */
const applyAgentResult = (
  run: BlockRun<AiAgentBlock>,
  turn: {
    dialogue: { role: "user" | "assistant"; content: string }[];
    message: string;
    answerIndex: number | null;
    result: AiAgentTurnResult;
    isStreamed: boolean;
  },
): NextStep | "end" => {
  const { ctx, block, group } = run;
  const { dialogue, message, answerIndex, result } = turn;
  const scope = getCurrentScope(ctx);
  const frame = getCurrentFrame(ctx);
  for (const update of result.variableUpdates) setVariableValue(scope, update.variableId, update.value);
  // Provider errors may quote prompts or endpoints: live clients do not see them, results keep them (a
  // preview, the builder's, receives every log: its step logs too).
  for (const log of result.logs)
    addLog(ctx, { ...log, context: log.context ?? block.id }, { isHiddenFromLiveClient: true });
  const options = block.options ?? {};
  if (result.reply !== "") {
    if (!turn.isStreamed) showAnswer(ctx, block.id, result.reply, result.sources);
    else {
      if (result.sources.length > 0) ctx.streamedMessageSources = result.sources;
      ctx.state.transcript?.push({
        role: "bot",
        type: textBubbleBlock.type,
        text: `${result.reply}${formatTranscriptSources(result.sources)}`,
      });
    }
    addLog(
      ctx,
      {
        status: "success",
        description: describeAnswer(result),
        details: JSON.stringify({ answerIndex, answer: result.reply, sources: result.sources }),
        context: block.id,
      },
      { isHiddenFromLiveClient: true },
    );
    if (options.replyVariableId) setVariableValue(scope, options.replyVariableId, result.reply);
    if (options.sourcesVariableId)
      setVariableValue(
        scope,
        options.sourcesVariableId,
        result.sources.map((source) => source.name),
      );
  }
  ctx.state.aiAgentDialogue = toDialogueState(
    block,
    [
      ...dialogue,
      { role: "user" as const, content: message },
      ...(result.reply !== "" ? [{ role: "assistant" as const, content: result.reply }] : []),
    ].slice(-MAX_AGENT_DIALOGUE_MESSAGES),
  );
  ctx.touchedResultIds.add(frame.resultId);
  switch (result.step.type) {
    case "end":
      delete ctx.state.aiAgentDialogue;
      markFlowEnded(ctx);
      return "end";
    case "path": {
      const { itemId } = result.step;
      const item = block.items.find((candidate) => candidate.id === itemId);
      delete ctx.state.aiAgentDialogue;
      if (item?.isHumanHandover) {
        // The summary goes to its variable and to the conversation the path's Human handoff block opens.
        const summary = result.step.summary?.trim() || null;
        if (item.summaryVariableId) setVariableValue(scope, item.summaryVariableId, summary);
        ctx.handoverSummary = summary;
      }
      if (item?.outgoingEdgeId) return { type: "edge", edgeId: item.outgoingEdgeId, isOffDefaultPath: true };
      return getDefaultStep(block);
    }
    case "stay":
      if (result.isFallback && (options.onFallback ?? defaultAiAgentOptions.onFallback) === "leave") {
        delete ctx.state.aiAgentDialogue;
        return getDefaultStep(block);
      }
      return waitForVisitor({ ctx, block, group });
  }
};

const runAgentTurn = async (
  run: BlockRun<AiAgentBlock>,
  dialogue: { role: "user" | "assistant"; content: string }[],
  message: string,
): Promise<AiAgentTurnResult> => {
  const { ctx, block } = run;
  const port = ctx.ports.aiAgent;
  const fallback = block.options?.fallbackMessage?.trim() || defaultAiAgentOptions.fallbackMessage;
  if (!port)
    return {
      reply: fallback,
      sources: [],
      isFallback: true,
      variableUpdates: [],
      step: { type: "stay" },
      logs: [{ status: "error", description: "The AI agent is not configured on this server" }],
    };
  const scope = getCurrentScope(ctx);
  return port.runTurn({
    block,
    workspaceId: ctx.state.workspaceId,
    botId: scope.flow.botId,
    resultId: getCurrentFrame(ctx).resultId,
    isPreview: ctx.state.isPreview,
    variables: scope.flow.variables.map((variable) => ({
      id: variable.id,
      name: variable.name,
      value: scope.values[variable.id] ?? null,
    })),
    parseVariables: (text) => parseVariables(text, scope),
    dialogue,
    message,
    language: getVisitorLanguage(ctx),
  });
};

/** The agent's answer as a text bubble of the block, its sources with it (absent when none). */
const showAnswer = (ctx: TurnContext, blockId: string, text: string, sources: MessageSource[]): void => {
  const bubble: ChatBubble = {
    id: blockId,
    type: textBubbleBlock.type,
    content:
      ctx.format === "markdown" ? { type: "markdown", markdown: text } : createTextContent(text, "richText"),
    ...(sources.length > 0 ? { sources } : {}),
  };
  pushBubble(ctx, bubble, blockId);
};

/** The visitor's message is an answer of the block in the result (and a line of the transcript); its index. */
const saveVisitorMessage = (
  { ctx, block, group }: BlockRun<AiAgentBlock>,
  message: string,
): number | null => {
  const frame = getCurrentFrame(ctx);
  const counters = ctx.state.results[frame.resultId];
  const index = counters?.answerCount ?? null;
  if (counters) {
    ctx.newAnswers.push({
      resultId: frame.resultId,
      index: counters.answerCount,
      blockId: block.id,
      groupId: group.id,
      content: message,
    });
    counters.answerCount += 1;
  }
  ctx.state.transcript?.push({ role: "user", type: textBubbleBlock.type, text: message });
  return index;
};

/**
 * Every answer of an agent is logged on the result with this description's prefix, its details the JSON of
 * `{answerIndex, answer, sources}` (the index of the visitor's message it answers): the result's transcript
 * places the answers from these logs.
 */
export const AI_AGENT_ANSWER_LOG = "AI agent answered";

/**
 * In a preview only, each step of an agent's turn (a tool call with its arguments and result, a search with
 * its passages, a step's text) is logged with this description, its details the step's JSON: the builder's
 * preview lists them under the conversation. Live clients of published bots never receive them.
 */
export const AI_AGENT_STEP_LOG = "AI agent step";

const describeAnswer = (result: AiAgentTurnResult): string => {
  if (result.isFallback) return `${AI_AGENT_ANSWER_LOG} with its fallback text`;
  const { sources } = result;
  if (sources.length === 0) return AI_AGENT_ANSWER_LOG;
  return `${AI_AGENT_ANSWER_LOG} from ${sources.length} source${sources.length === 1 ? "" : "s"}: ${sources
    .map((source, index) => `[${index + 1}] ${source.name}`)
    .join(", ")}`;
};

/**
 * The agent waits for the visitor: the client shows a text field (an input of the text kind, under the
 * agent's id, with no prompt for text channels), and the reply comes back to this block.
 */
const waitForVisitor = ({ ctx, block, group }: BlockRun<AiAgentBlock>): NextStep => {
  const input: ChatInput = {
    id: block.id,
    type: textInputBlock.type,
    options: { labels: { placeholder: "" } },
  };
  ctx.input = input;
  return {
    type: "wait",
    waitFor: { kind: "dedicatedReply", action: aiAgentBlock.type, groupId: group.id, blockId: block.id },
  };
};
