import { deleteEdges, getEdgesFromBlocks } from "./edges";
import { locateBlock, updateGroup } from "./locate";
import type { BlockOf, CreateId, FlowDocument, GroupOf } from "./types";

/** Inserts `block` into a group at `index` (clamped; the end when absent). */
export function insertBlock<D extends FlowDocument>(
  doc: D,
  groupId: string,
  block: BlockOf<D>,
  index?: number,
): D {
  return updateGroup(doc, groupId, (group) => {
    const at = clampIndex(index ?? group.blocks.length, group.blocks.length);
    return { ...group, blocks: [...group.blocks.slice(0, at), block, ...group.blocks.slice(at)] };
  });
}

/** Adds a group holding `blocks` at the given position. */
export function createGroup<D extends FlowDocument>(doc: D, group: GroupOf<D>): D {
  return { ...doc, groups: [...doc.groups, group] };
}

/**
 * Moves a block to `index` of a group (the same or another). `index` counts positions in
 * the target group as it is before the move. Edges that land on the block follow it; a
 * group left empty disappears, like in the anchor product.
 */
export function moveBlock<D extends FlowDocument>(
  doc: D,
  blockId: string,
  toGroupId: string,
  index: number,
): D {
  const from = locateBlock(doc, blockId);
  if (!from || !doc.groups.some((group) => group.id === toGroupId)) return doc;
  let at = index;
  if (from.group.id === toGroupId) {
    if (at === from.blockIndex || at === from.blockIndex + 1) return doc;
    if (at > from.blockIndex) at--;
  }
  let next = updateGroup(doc, from.group.id, (group) => ({
    ...group,
    blocks: group.blocks.filter((block) => block.id !== blockId),
  }));
  next = insertBlock(next, toGroupId, from.block, at);
  if (from.group.id !== toGroupId) {
    next = {
      ...next,
      edges: next.edges.map((edge) =>
        edge.to.blockId === blockId ? { ...edge, to: { ...edge.to, groupId: toGroupId } } : edge,
      ),
    };
    if (from.group.blocks.length === 1) next = deleteGroups(next, [from.group.id]);
  }
  return next;
}

/** Moves a block out of its group into a new group at `coordinates`. */
export function moveBlockToNewGroup<D extends FlowDocument>(
  doc: D,
  blockId: string,
  group: Omit<GroupOf<D>, "blocks">,
): D {
  const from = locateBlock(doc, blockId);
  if (!from) return doc;
  const withGroup = createGroup(doc, { ...group, blocks: [] });
  return moveBlock(withGroup, blockId, group.id, 0);
}

/**
 * Deletes blocks with the edges leaving them and the edges landing on them; groups left
 * empty are deleted too.
 */
export function deleteBlocks<D extends FlowDocument>(doc: D, blockIds: readonly string[]): D {
  const ids = new Set(blockIds);
  if (ids.size === 0) return doc;
  let next = deleteEdges(doc, [
    ...getEdgesFromBlocks(doc, ids).map((edge) => edge.id),
    ...doc.edges.filter((edge) => edge.to.blockId && ids.has(edge.to.blockId)).map((edge) => edge.id),
  ]);
  const emptied: string[] = [];
  next = {
    ...next,
    groups: next.groups.map((group) => {
      if (!group.blocks.some((block) => ids.has(block.id))) return group;
      const blocks = group.blocks.filter((block) => !ids.has(block.id));
      if (blocks.length === 0) emptied.push(group.id);
      return { ...group, blocks };
    }),
  };
  return deleteGroups(next, emptied);
}

/** Deletes groups, every edge leaving their blocks and every edge landing on them. */
export function deleteGroups<D extends FlowDocument>(doc: D, groupIds: readonly string[]): D {
  const ids = new Set(groupIds);
  const groups = doc.groups.filter((group) => ids.has(group.id));
  if (groups.length === 0) return doc;
  const blockIds = new Set(groups.flatMap((group) => group.blocks.map((block) => block.id)));
  const edgeIds = [
    ...getEdgesFromBlocks(doc, blockIds).map((edge) => edge.id),
    ...doc.edges.filter((edge) => ids.has(edge.to.groupId)).map((edge) => edge.id),
  ];
  const next = deleteEdges(doc, [...new Set(edgeIds)]);
  return { ...next, groups: next.groups.filter((group) => !ids.has(group.id)) };
}

function clampIndex(index: number, length: number) {
  return Math.max(0, Math.min(length, index));
}

/**
 * Inserts a copy of a block right after it: fresh ids for the block, its items and card
 * paths; the copy has no edges (its exits start unconnected).
 */
export function duplicateBlock<D extends FlowDocument>(doc: D, blockId: string, createId: CreateId): D {
  const location = locateBlock(doc, blockId);
  if (!location) return doc;
  const { outgoingEdgeId: _edge, ...block } = location.block;
  const copy = { ...block, id: createId() } as BlockOf<D>;
  if (block.items)
    copy.items = block.items.map(({ outgoingEdgeId: _itemEdge, ...item }) => ({
      ...item,
      id: createId(),
      ...(item.paths
        ? { paths: item.paths.map(({ outgoingEdgeId: _pathEdge, ...path }) => ({ ...path, id: createId() })) }
        : {}),
    }));
  return insertBlock(doc, location.group.id, copy, location.blockIndex + 1);
}
