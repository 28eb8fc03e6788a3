import type { DocEdge, DocEdgeSource, FlowDocument } from "../document/types";

/** Handle ids of the canvas: one per exit (event, block, item, card path) and per entry. */
export const handleIds = {
  event: (eventId: string) => `e:${eventId}`,
  block: (blockId: string) => `b:${blockId}`,
  item: (itemId: string) => `i:${itemId}`,
  path: (pathId: string) => `p:${pathId}`,
  groupEntry: "in",
  blockEntry: (blockId: string) => `in:${blockId}`,
};

export function getSourceHandleId(source: DocEdgeSource): string {
  if ("eventId" in source) return handleIds.event(source.eventId);
  if (source.pathId) return handleIds.path(source.pathId);
  if (source.itemId) return handleIds.item(source.itemId);
  return handleIds.block(source.blockId);
}

export function getTargetHandleId(edge: DocEdge): string {
  return edge.to.blockId ? handleIds.blockEntry(edge.to.blockId) : handleIds.groupEntry;
}

/** The exit a source handle stands for, looked up in the document. */
export function findEdgeSource(doc: FlowDocument, handleId: string): DocEdgeSource | null {
  const kind = handleId.slice(0, 1);
  const id = handleId.slice(2);
  if (kind === "e") return doc.events.some((event) => event.id === id) ? { eventId: id } : null;
  for (const group of doc.groups) {
    for (const block of group.blocks) {
      if (kind === "b" && block.id === id) return { blockId: id };
      for (const item of block.items ?? []) {
        if (kind === "i" && item.id === id) return { blockId: block.id, itemId: id };
        for (const path of item.paths ?? [])
          if (kind === "p" && path.id === id) return { blockId: block.id, itemId: item.id, pathId: id };
      }
    }
  }
  return null;
}
