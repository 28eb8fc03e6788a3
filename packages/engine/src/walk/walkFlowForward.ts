import type { BlockRun } from "../blocks/BlockExecutor";
import { getBlockExecutor } from "../blocks/getBlockExecutor";
import { replayBlock } from "../replay/replayBlock";
import { markFlowEnded } from "./markFlowEnded";
import type { NextStep } from "./NextStep";
import { resubmitReply } from "./processInputReply";
import { pushBubble } from "./pushBubble";
import { type Cursor, getCursorBlock, resolveStep } from "./resolveStep";
import { addLog, type TurnContext } from "./TurnContext";

/**
 * The most blocks one turn runs (docs/chat-runtime.md, "Limits"): far more than a flow of 1 MiB holds, Loop
 * blocks at their 1,000 iterations included. Loops that change nothing are stopped long before (`isLoopingInPlace`);
 * this bounds a loop that changes something forever (a counter without an exit), with the turn's time budget.
 */
export const MAX_BLOCKS_PER_TURN = 100_000;
/** How many blocks run between two checks of the turn's time budget. */
const BUDGET_CHECK_INTERVAL = 256;

export const loopStoppedMessage = "The flow loops without asking anything; it was stopped";

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
    // Reached other than by going on to the next block of the same group: an edge, a jump, a resume point.
    const isEntry = !cursor || next.groupId !== cursor.groupId || next.blockIndex !== cursor.blockIndex + 1;
    cursor = next;
    const { group, block } = getCursorBlock(ctx, cursor);
    if (!group) return markFlowEnded(ctx);
    if (!block) {
      const lastBlock = group.blocks.at(-1);
      pending = lastBlock?.outgoingEdgeId
        ? { type: "edge", edgeId: lastBlock.outgoingEdgeId }
        : { type: "endPath" };
      continue;
    }
    ctx.executedBlockCount += 1;
    if (ctx.executedBlockCount % BUDGET_CHECK_INTERVAL === 0) ctx.ports.checkTurnBudget?.();
    if (ctx.executedBlockCount > MAX_BLOCKS_PER_TURN) {
      addLog(ctx, {
        status: "error",
        description: `The flow ran ${MAX_BLOCKS_PER_TURN.toLocaleString("en-US")} blocks without asking anything; it was stopped`,
      });
      return markFlowEnded(ctx);
    }
    if (isEntry && isLoopingInPlace(ctx, block.id)) {
      addLog(ctx, { status: "error", description: loopStoppedMessage, context: block.id });
      return markFlowEnded(ctx);
    }
    ctx.ports.onBlockRun?.({ group, block });
    const run = { block, group, ctx };
    const outcome = ctx.replay ? await replayBlock(ctx.replay, run) : await executeBlock(run);
    if (outcome === "stop") return;
    pending = outcome;
  }
};

/**
 * Whether entering this block again repeats a state the walk was already in at this block in this turn: the
 * same frames (variables, resume points, loop counters, return marks), so every block would run again exactly
 * as before, forever. A first entry costs one map lookup; the frames are fingerprinted only from the second
 * entry on (so a loop that changes nothing is stopped at its third round, and a linear flow never pays).
 */
const isLoopingInPlace = (ctx: TurnContext, blockId: string): boolean => {
  const frame = ctx.state.frames.at(-1);
  const key = `${ctx.state.frames.length}:${frame?.flowId}:${blockId}`;
  const seen = ctx.blockEntries.get(key);
  if (seen === undefined) {
    ctx.blockEntries.set(key, null);
    return false;
  }
  const fingerprint = hashText(JSON.stringify(ctx.state.frames));
  if (seen === null) {
    ctx.blockEntries.set(key, new Set([fingerprint]));
    return false;
  }
  if (seen.has(fingerprint)) return true;
  seen.add(fingerprint);
  return false;
};

/** A 64-bit key of a text from two 32-bit multiplicative hashes (FNV-1a's and MurmurHash's primes) and its length. */
const hashText = (text: string): string => {
  let first = 0x811c9dc5;
  let second = 0x9747b28c;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x5bd1e995);
  }
  return `${(first >>> 0).toString(36)}.${(second >>> 0).toString(36)}.${text.length}`;
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
