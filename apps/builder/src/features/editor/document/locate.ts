import type { BlockOf, DocEdgeSource, FlowDocument, GroupOf } from "./types";

export interface BlockLocation<D extends FlowDocument = FlowDocument> {
  group: GroupOf<D>;
  groupIndex: number;
  block: BlockOf<D>;
  blockIndex: number;
}

/** Where a block sits (its group and indexes), or null when it is not in the document. */
export function locateBlock<D extends FlowDocument>(doc: D, blockId: string): BlockLocation<D> | null {
  for (let groupIndex = 0; groupIndex < doc.groups.length; groupIndex++) {
    const group = doc.groups[groupIndex]!;
    const blockIndex = group.blocks.findIndex((block) => block.id === blockId);
    if (blockIndex >= 0) return { group, groupIndex, block: group.blocks[blockIndex]!, blockIndex };
  }
  return null;
}

export function findGroup<D extends FlowDocument>(doc: D, groupId: string): GroupOf<D> | undefined {
  return doc.groups.find((group) => group.id === groupId);
}

/** Replaces one group through `update`, keeping every other group object as it was. */
export function updateGroup<D extends FlowDocument>(
  doc: D,
  groupId: string,
  update: (group: GroupOf<D>) => GroupOf<D>,
): D {
  let changed = false;
  const groups = doc.groups.map((group) => {
    if (group.id !== groupId) return group;
    const next = update(group);
    changed ||= next !== group;
    return next;
  });
  return changed ? { ...doc, groups } : doc;
}

/** Replaces one block through `update`, wherever it sits. */
export function updateBlock<D extends FlowDocument>(
  doc: D,
  blockId: string,
  update: (block: BlockOf<D>) => BlockOf<D>,
): D {
  const location = locateBlock(doc, blockId);
  if (!location) return doc;
  const next = update(location.block);
  if (next === location.block) return doc;
  return updateGroup(doc, location.group.id, (group) => ({
    ...group,
    blocks: group.blocks.map((block, index) => (index === location.blockIndex ? next : block)),
  }));
}

/** Whether two edge sources are the same exit (event, block, item or card path). */
export function isSameSource(a: DocEdgeSource, b: DocEdgeSource): boolean {
  if ("eventId" in a || "eventId" in b) return "eventId" in a && "eventId" in b && a.eventId === b.eventId;
  return a.blockId === b.blockId && a.itemId === b.itemId && a.pathId === b.pathId;
}
