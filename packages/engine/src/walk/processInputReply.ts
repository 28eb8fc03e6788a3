import {
  audioBubbleBlock,
  type ChatMessage,
  type InputBlock,
  isInputBlock,
  textBubbleBlock,
} from "@parley/schemas";
import type { BlockRun, InputExecutor, ParsedReply } from "../blocks/BlockExecutor";
import { getInputExecutor } from "../blocks/getBlockExecutor";
import type { FlowPosition } from "../types/state";
import { divertToReplyEvent } from "./divertToReplyEvent";
import { getDefaultStep } from "./getDefaultStep";
import { markFlowEnded } from "./markFlowEnded";
import type { NextStep } from "./NextStep";
import { pushRetryMessage } from "./pushRetryMessage";
import { saveAnswer } from "./saveAnswer";
import { getCurrentIndex, type TurnContext } from "./TurnContext";
import { walkFlowForward } from "./walkFlowForward";

/** The reply's text, whatever its kind (an audio reply is its URL). */
export const getReplyText = (reply: ChatMessage | null | undefined): string => {
  if (!reply) return "";
  if (reply.type === textBubbleBlock.type) return reply.text;
  if (reply.type === audioBubbleBlock.type) return reply.url;
  return reply.command;
};

/**
 * A reply to the input at `blockId`: invalid → retry message (or the invalidReply event) and the same
 * input; valid → reply event diversion, or the answer is saved and the walk goes on.
 */
export const processInputReply = async (
  ctx: TurnContext,
  blockId: string,
  reply: ChatMessage | null,
  options: { isResubmission?: boolean } = {},
): Promise<void> => {
  const location = getCurrentIndex(ctx).blocksById.get(blockId);
  const block = location?.block;
  const executor = block ? getInputExecutor(block) : undefined;
  if (!location || !block || !isInputBlock(block) || !executor) return markFlowEnded(ctx);
  const run: BlockRun<InputBlock> = { block, group: location.group, ctx };
  const parsed = await executor.parseReply(run, reply);
  switch (parsed.status) {
    case "noReply":
      return presentInputAgain(run, executor);
    case "fail":
      if (await divertToReplyEvent(run, executor, "invalidReply", reply)) return;
      pushRetryMessage(run, executor.defaultRetryMessage);
      return presentInputAgain(run, executor);
    case "skip":
      return walkFlowForward(ctx, getDefaultStep(run.block), {
        groupId: location.group.id,
        blockIndex: location.index,
      });
    case "success":
      if (!options.isResubmission && (await divertToReplyEvent(run, executor, "reply", reply))) return;
      saveAnswer(run, parsed, reply);
      return walkFlowForward(ctx, getStepAfterAnswer(run, parsed), {
        groupId: location.group.id,
        blockIndex: location.index,
      });
  }
};

/** A `Return` came back to an input whose reply event diverted the flow: the reply counts now. */
export const resubmitReply = async (
  ctx: TurnContext,
  position: FlowPosition,
  reply: ChatMessage,
): Promise<void> => {
  ctx.state.waitingFor = null;
  return processInputReply(ctx, position.blockId, reply, { isResubmission: true });
};

const presentInputAgain = async (run: BlockRun<InputBlock>, executor: InputExecutor): Promise<void> => {
  const prepared = await executor.prepareInput(run);
  if (prepared.type === "skip") return walkFlowForward(run.ctx, prepared.step, getCursor(run));
  run.ctx.input = prepared.input;
  run.ctx.state.waitingFor = { kind: "input", groupId: run.group.id, blockId: run.block.id };
};

const getStepAfterAnswer = (
  run: BlockRun<InputBlock>,
  parsed: Extract<ParsedReply, { status: "success" }>,
): NextStep =>
  parsed.outgoingEdgeId
    ? { type: "edge", edgeId: parsed.outgoingEdgeId, isOffDefaultPath: true }
    : getDefaultStep(run.block);

const getCursor = (run: BlockRun<InputBlock>) => ({
  groupId: run.group.id,
  blockIndex: run.group.blocks.indexOf(run.block),
});
