import type { FlowPosition } from "../types/state";
import { finishLinkedFrame } from "./finishLinkedFrame";
import type { NextStep } from "./NextStep";
import { addLog, getCurrentFrame, getCurrentIndex, type TurnContext } from "./TurnContext";

/** Where the walk stands: a block index in a group of the current bot (past the end = group done). */
export interface Cursor {
  groupId: string;
  blockIndex: number;
}

/**
 * Turns a step into the next cursor, or null when the flow has ended. Off-default-path edges are
 * recorded as visited.
 */
export const resolveStep = async (
  ctx: TurnContext,
  step: Exclude<NextStep, { type: "wait" } | { type: "resubmitReply" }>,
  from?: Cursor,
): Promise<Cursor | null> => {
  switch (step.type) {
    case "next":
      return from ? { groupId: from.groupId, blockIndex: from.blockIndex + 1 } : resolveEndOfPath(ctx);
    case "edge":
      return resolveEdge(ctx, step.edgeId, step.isOffDefaultPath ?? false);
    case "group":
      return getCurrentIndex(ctx).groupsById.has(step.groupId)
        ? { groupId: step.groupId, blockIndex: 0 }
        : resolveEndOfPath(ctx);
    case "position":
      return resolvePosition(ctx, step.position) ?? resolveEndOfPath(ctx);
    case "endPath":
      return resolveEndOfPath(ctx);
  }
};

export const resolvePosition = (ctx: TurnContext, position: FlowPosition): Cursor | null => {
  const location = getCurrentIndex(ctx).blocksById.get(position.blockId);
  if (!location) return null;
  return { groupId: location.group.id, blockIndex: location.index + (position.mode === "after" ? 1 : 0) };
};

const resolveEdge = async (
  ctx: TurnContext,
  edgeId: string,
  isOffDefaultPath: boolean,
): Promise<Cursor | null> => {
  const index = getCurrentIndex(ctx);
  const edge = index.edgesById.get(edgeId);
  const group = edge ? index.groupsById.get(edge.to.groupId) : undefined;
  if (!edge || !group) {
    addLog(ctx, {
      status: "error",
      description: "An edge leads nowhere; this path of the flow ends here",
      details: edgeId,
    });
    return resolveEndOfPath(ctx);
  }
  if (isOffDefaultPath) recordVisitedEdge(ctx, edge.id);
  const targetIndex = edge.to.blockId ? group.blocks.findIndex((block) => block.id === edge.to.blockId) : 0;
  return { groupId: group.id, blockIndex: Math.max(targetIndex, 0) };
};

/** Pops queued resume points, then returns from linked bots to their parents. */
const resolveEndOfPath = async (ctx: TurnContext): Promise<Cursor | null> => {
  for (;;) {
    const frame = getCurrentFrame(ctx);
    const resumePoint = frame.resumePoints.pop();
    if (resumePoint) {
      const cursor = resolvePosition(ctx, resumePoint);
      if (cursor) return cursor;
      continue;
    }
    if (ctx.state.frames.length <= 1) return null;
    finishLinkedFrame(ctx);
  }
};

export const recordVisitedEdge = (ctx: TurnContext, edgeId: string): void => {
  const frame = getCurrentFrame(ctx);
  const counters = ctx.state.results[frame.resultId];
  if (!counters) return;
  ctx.visitedEdges.push({ resultId: frame.resultId, index: counters.visitedEdgeCount, edgeId });
  counters.visitedEdgeCount += 1;
  ctx.touchedResultIds.add(frame.resultId);
};

/** The block a cursor points at and its group, in the current bot. */
export const getCursorBlock = (ctx: TurnContext, cursor: Cursor) => {
  const group = getCurrentIndex(ctx).groupsById.get(cursor.groupId);
  return { group, block: group?.blocks[cursor.blockIndex] };
};
