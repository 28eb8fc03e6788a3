import {
  type AiAgentBlock,
  aiAgentBlock,
  type Block,
  humanHandoffBlock,
  type InputBlock,
  isBubbleBlock,
  isEventEdgeSource,
  isInputBlock,
} from "@parley/schemas";
import type { BlockRun } from "../blocks/BlockExecutor";
import { getBlockExecutor, getInputExecutor } from "../blocks/getBlockExecutor";
import type { ReplayProgress } from "../types/replay";
import { getDefaultStep } from "../walk/getDefaultStep";
import type { NextStep } from "../walk/NextStep";
import { getCurrentIndex, resetTurnWork, type TurnContext } from "../walk/TurnContext";

/**
 * One block of a result's replay, in place of running it: a bubble is listed; an input takes the
 * next stored answer (stops the walk without one); where the engine branched, the next recorded
 * visited edge leaving the block decides, else the default path. Action executors that act outside
 * the walk (`isSkippedInReplay`) are not run; jumps, returns and links run as in a chat. A Human handoff block
 * the chat waits at now (`isInHandoff`, after the last answer) stops the replay.
 */
export const replayBlock = async (replay: ReplayProgress, run: BlockRun): Promise<NextStep | "stop"> => {
  const { block, ctx } = run;
  if (isBubbleBlock(block)) {
    replay.entries.push({ role: "bot", block });
    return { type: "next" };
  }
  if (isInputBlock(block)) return replayInput(replay, run, block);
  if (block.type === aiAgentBlock.type) return replayAiAgent(replay, ctx, block);
  const recorded = takeRecordedEdge(replay, ctx, block);
  if (recorded) return recorded;
  // The chat waits for an agent here: what follows has not been said yet.
  if (
    block.type === humanHandoffBlock.type &&
    replay.isInHandoff &&
    replay.answeredCount >= replay.answers.length
  )
    return "stop";
  const executor = getBlockExecutor(block);
  if (executor?.kind === "action" && !executor.isSkippedInReplay) return executor.execute(run);
  return getDefaultStep(block);
};

const replayInput = async (
  replay: ReplayProgress,
  run: BlockRun,
  block: InputBlock,
): Promise<NextStep | "stop"> => {
  const answer = replay.answers[replay.answeredCount];
  if (answer?.blockId === block.id) {
    replay.entries.push({ role: "user", block, content: answer.content });
    replay.answeredCount += 1;
    // Each answer began a new turn: the per-turn limits and loop detection count from here.
    resetTurnWork(run.ctx);
    return takeRecordedEdge(replay, run.ctx, block) ?? getDefaultStep(block);
  }
  // An input the visitor could leave without a reply (optional file input) stored no answer.
  const executor = getInputExecutor(block);
  if (answer && executor && (await executor.parseReply(run, null)).status === "skip") {
    return getDefaultStep(block);
  }
  return "stop";
};

/**
 * An AI agent takes every stored answer of its own in a row (the visitor's messages), then leaves by the
 * recorded edge of the path it took; without one (it still converses, or ended) the replay stops there.
 */
const replayAiAgent = (replay: ReplayProgress, ctx: TurnContext, block: AiAgentBlock): NextStep | "stop" => {
  for (;;) {
    const answer = replay.answers[replay.answeredCount];
    if (answer?.blockId !== block.id) break;
    replay.entries.push({ role: "user", block, content: answer.content });
    replay.answeredCount += 1;
    resetTurnWork(ctx);
  }
  return takeRecordedEdge(replay, ctx, block) ?? "stop";
};

/** The next recorded visited edge when it leaves this block (from the block, an item or a path). */
const takeRecordedEdge = (replay: ReplayProgress, ctx: TurnContext, block: Block): NextStep | undefined => {
  const edgeId = replay.visitedEdgeIds[replay.visitedEdgeCount];
  const edge = edgeId === undefined ? undefined : getCurrentIndex(ctx).edgesById.get(edgeId);
  if (!edge || isEventEdgeSource(edge.from) || edge.from.blockId !== block.id) return undefined;
  replay.visitedEdgeCount += 1;
  return { type: "edge", edgeId: edge.id };
};
