import { getFlowIndex } from "../flow/getFlowIndex";
import type { FlowPosition } from "../types/state";
import { getFrameFlow, type TurnContext } from "../walk/TurnContext";
import { getLongestRemainingInputs } from "./getLongestRemainingInputs";

/**
 * Progress 0–100 when enabled: 100 at the end, else (answered + 1) / (longest remaining + answered + 1),
 * where the longest remaining path counts inputs (the waiting one included) down to the end of every
 * queued return and parent bot. Rounded to 2 decimals; never goes down within a session; unchanged
 * before the flow has started (registered-only sessions).
 */
export const computeProgress = (ctx: TurnContext): number | null => {
  const { progress, waitingFor } = ctx.state;
  if (!progress) return null;
  if (!waitingFor && !ctx.state.isCompleted) return progress.lastValue;
  let value = 100;
  if (waitingFor && !ctx.state.isCompleted) {
    const remaining =
      countFromPosition(ctx, ctx.state.frames.length - 1, {
        groupId: waitingFor.groupId,
        blockId: waitingFor.blockId,
        mode: waitingFor.kind === "input" ? "at" : "after",
      }) + countQueuedPaths(ctx);
    value = ((progress.answered + 1) / (remaining + progress.answered + 1)) * 100;
  }
  progress.lastValue = Math.max(progress.lastValue, Math.round(value * 100) / 100);
  return progress.lastValue;
};

const countFromPosition = (ctx: TurnContext, frameIndex: number, position: FlowPosition): number => {
  const frame = ctx.state.frames[frameIndex];
  if (!frame) return 0;
  const index = getFlowIndex(getFrameFlow(ctx, frame));
  const location = index.blocksById.get(position.blockId);
  if (!location) return 0;
  return getLongestRemainingInputs(
    index,
    location.group.id,
    location.index + (position.mode === "after" ? 1 : 0),
  );
};

/** The paths that resume after the current one ends: the latest resume point of each bot in play. */
const countQueuedPaths = (ctx: TurnContext): number =>
  ctx.state.frames.reduce((total, frame, frameIndex) => {
    const resumePoint = frame.resumePoints.at(-1);
    return total + (resumePoint ? countFromPosition(ctx, frameIndex, resumePoint) : 0);
  }, 0);
