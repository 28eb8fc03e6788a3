import { isInputBlockType } from "../blocks/inputBlockTypes";
import type { FlowIndex } from "../flow/getFlowIndex";
import type { FlowBlock, FlowBlockItem } from "../types/flow";

/**
 * The most inputs left on any path from a block position (the block included), following block,
 * item and path edges and jumps; loops are cut. Every position visited is memoised on the flow's
 * index, so each position of a flow is computed once whatever the number of turns.
 */
export const getLongestRemainingInputs = (index: FlowIndex, groupId: string, blockIndex: number): number =>
  computeLongest(index, groupId, blockIndex, index.longestPathMemo);

/** In-progress nodes hold -1 (a loop: counted as 0), finished nodes their value. */
const computeLongest = (
  index: FlowIndex,
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
    const block = blocks[position] as FlowBlock;
    if (isInputBlockType(block.type)) count += 1;
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
const getBranchTargets = (index: FlowIndex, block: FlowBlock): Target[] => {
  const targets: Target[] = [];
  for (const item of block.items ?? []) {
    const edgeIds = [item.outgoingEdgeId, ...getPathEdgeIds(item)];
    for (const edgeId of edgeIds) {
      const target = edgeId ? getEdgeTarget(index, edgeId) : undefined;
      if (target) targets.push(target);
    }
  }
  if (block.type === "Jump" && typeof block.options?.groupId === "string") {
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

const getPathEdgeIds = (item: FlowBlockItem): (string | undefined)[] =>
  Array.isArray(item.paths)
    ? item.paths.map((path: { outgoingEdgeId?: string | null }) => path?.outgoingEdgeId ?? undefined)
    : [];

const getEdgeTarget = (index: FlowIndex, edgeId: string): Target | undefined => {
  const edge = index.edgesById.get(edgeId);
  const group = edge ? index.groupsById.get(edge.to.groupId) : undefined;
  if (!edge || !group) return undefined;
  const blockIndex = edge.to.blockId ? group.blocks.findIndex((block) => block.id === edge.to.blockId) : 0;
  return { groupId: group.id, blockIndex: Math.max(blockIndex, 0) };
};
