import { type Block, hasItems, isInputBlock, jumpBlock } from "@parley/schemas";
import type { SnapshotIndex } from "../flow/getFlowIndex";

/**
 * The most inputs left on any path from a block position (the block included), following block,
 * item and path edges and jumps; loops are cut. Every position visited is memoised on the flow's
 * index, so each position of a flow is computed once whatever the number of turns.
 */
export const getLongestRemainingInputs = (
  index: SnapshotIndex,
  groupId: string,
  blockIndex: number,
): number => computeLongest(index, groupId, blockIndex, index.longestPathMemo);

/** In-progress nodes hold -1 (a loop: counted as 0), finished nodes their value. */
const computeLongest = (
  index: SnapshotIndex,
  groupId: string,
  start: number,
  seen: Map<string, number>,
): number => {
  const key = `${groupId}:${start}`;
  const known = seen.get(key);
  if (known !== undefined) return Math.max(known, 0);
  seen.set(key, -1);
  const group = index.groupsById.get(groupId);
  let best = 0;
  let count = 0;
  const blocks = group?.blocks ?? [];
  for (let position = start; position < blocks.length; position += 1) {
    const block = blocks[position];
    if (!block) continue;
    if (isInputBlock(block)) count += 1;
    for (const target of getBranchTargets(index, block)) {
      best = Math.max(best, count + computeLongest(index, target.groupId, target.blockIndex, seen));
    }
  }
  const lastEdgeId = blocks.at(-1)?.outgoingEdgeId;
  const end = lastEdgeId ? getEdgeTarget(index, lastEdgeId) : undefined;
  best = Math.max(best, count + (end ? computeLongest(index, end.groupId, end.blockIndex, seen) : 0));
  seen.set(key, best);
  return best;
};

interface Target {
  groupId: string;
  blockIndex: number;
}

/** Where a block can leave its group besides the group's end: item/path edges and jumps. */
const getBranchTargets = (index: SnapshotIndex, block: Block): Target[] => {
  const targets: Target[] = [];
  for (const item of hasItems(block) ? block.items : []) {
    const edgeIds = [
      "outgoingEdgeId" in item ? item.outgoingEdgeId : undefined,
      ...("paths" in item ? (item.paths ?? []) : []).map((path) => path.outgoingEdgeId),
    ];
    for (const edgeId of edgeIds) {
      const target = edgeId ? getEdgeTarget(index, edgeId) : undefined;
      if (target) targets.push(target);
    }
  }
  if (block.type === jumpBlock.type && block.options?.groupId) {
    const group = index.groupsById.get(block.options.groupId);
    const blockId = block.options.blockId;
    if (group) {
      const blockIndex =
        typeof blockId === "string" ? group.blocks.findIndex((item) => item.id === blockId) : 0;
      targets.push({ groupId: group.id, blockIndex: Math.max(blockIndex, 0) });
    }
  }
  return targets;
};

const getEdgeTarget = (index: SnapshotIndex, edgeId: string): Target | undefined => {
  const edge = index.edgesById.get(edgeId);
  const group = edge ? index.groupsById.get(edge.to.groupId) : undefined;
  if (!edge || !group) return undefined;
  const blockIndex = edge.to.blockId ? group.blocks.findIndex((block) => block.id === edge.to.blockId) : 0;
  return { groupId: group.id, blockIndex: Math.max(blockIndex, 0) };
};
