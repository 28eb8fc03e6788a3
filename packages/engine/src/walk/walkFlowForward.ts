import type { BlockRun } from "../blocks/BlockExecutor";
import { getBlockExecutor } from "../blocks/getBlockExecutor";
import { replayBlock } from "../replay/replayBlock";
import { markFlowEnded } from "./markFlowEnded";
import type { NextStep } from "./NextStep";
import { resubmitReply } from "./processInputReply";
import { pushBubble } from "./pushBubble";
import { type Cursor, getCursorBlock, resolveStep } from "./resolveStep";
import { addLog, type TurnContext } from "./TurnContext";

/** A turn that walks this many blocks without reaching an input is a loop: it stops. */
const MAX_BLOCKS_PER_TURN = 5_000;

/**
 * Walks from a step until an input, a client action that waits for a reply, or the end of the flow.
 * `from` is where the step is taken from (needed for `next`).
 */
export const walkFlowForward = async (ctx: TurnContext, step: NextStep, from?: Cursor): Promise<void> => {
  let pending: NextStep = step;
  let cursor = from;
  for (;;) {
    if (pending.type === "wait") {
      ctx.state.waitingFor = pending.waitFor;
      return;
    }
    if (pending.type === "resubmitReply") return resubmitReply(ctx, pending.position, pending.reply);
    const next = await resolveStep(ctx, pending, cursor);
    if (!next) return markFlowEnded(ctx);
    cursor = next;
    ctx.executedBlockCount += 1;
    if (ctx.executedBlockCount > MAX_BLOCKS_PER_TURN) {
      addLog(ctx, { status: "error", description: "The flow loops without asking anything; it was stopped" });
      return markFlowEnded(ctx);
    }
    const { group, block } = getCursorBlock(ctx, cursor);
    if (!group) return markFlowEnded(ctx);
    if (!block) {
      const lastBlock = group.blocks.at(-1);
      pending = lastBlock?.outgoingEdgeId
        ? { type: "edge", edgeId: lastBlock.outgoingEdgeId }
        : { type: "endPath" };
      continue;
    }
    const run = { block, group, ctx };
    const outcome = ctx.replay ? await replayBlock(ctx.replay, run) : await executeBlock(run);
    if (outcome === "stop") return;
    pending = outcome;
  }
};

/** Runs one block: a bubble is shown, an input stops the walk, an action decides the next step. */
const executeBlock = async (run: BlockRun): Promise<NextStep | "stop"> => {
  const { block, group, ctx } = run;
  const executor = getBlockExecutor(block);
  if (!executor) {
    addLog(ctx, {
      status: "error",
      description: `Block type "${block.type}" is not supported; the flow goes on`,
      context: block.id,
    });
    return { type: "next" };
  }
  switch (executor.kind) {
    case "bubble": {
      const bubble = await executor.createBubble(run);
      if (bubble) pushBubble(ctx, bubble, block.id);
      return executor.getWaitStep?.(run) ?? { type: "next" };
    }
    case "input": {
      const prepared = await executor.prepareInput(run);
      if (prepared.type === "skip") return prepared.step;
      ctx.input = prepared.input;
      ctx.state.waitingFor = { kind: "input", groupId: group.id, blockId: block.id };
      return "stop";
    }
    case "action":
      return executor.execute(run);
  }
};
