import { deleteEdges, getEdgesFromItem } from "./edges";
import { updateBlock } from "./locate";
import type { DocBlock, DocItem, FlowDocument } from "./types";

type ItemOf<B extends DocBlock> = NonNullable<B["items"]>[number];

/** Inserts an item into a block (choice, picture choice, condition, cards) at `index`. */
export function insertItem<B extends DocBlock>(
  doc: FlowDocument<B>,
  blockId: string,
  item: ItemOf<B>,
  index?: number,
): FlowDocument<B> {
  return updateBlock(doc, blockId, (block) => {
    const items = block.items ?? [];
    const at = Math.max(0, Math.min(items.length, index ?? items.length));
    return { ...block, items: [...items.slice(0, at), item, ...items.slice(at)] };
  });
}

export function updateItem<B extends DocBlock>(
  doc: FlowDocument<B>,
  blockId: string,
  itemId: string,
  update: (item: ItemOf<B>) => ItemOf<B>,
): FlowDocument<B> {
  return updateBlock(doc, blockId, (block) => ({
    ...block,
    items: block.items?.map((item) => (item.id === itemId ? update(item as ItemOf<B>) : item)),
  }));
}

/** Deletes an item and the edges leaving it (or its card paths). */
export function deleteItem<B extends DocBlock>(
  doc: FlowDocument<B>,
  blockId: string,
  itemId: string,
): FlowDocument<B> {
  const next = deleteEdges(
    doc,
    getEdgesFromItem(doc, blockId, itemId).map((edge) => edge.id),
  );
  return updateBlock(next, blockId, (block) => ({
    ...block,
    items: block.items?.filter((item: DocItem) => item.id !== itemId),
  }));
}

/** Moves an item of a block from one position to another (edges stay with it). */
export function moveItem<B extends DocBlock>(
  doc: FlowDocument<B>,
  blockId: string,
  fromIndex: number,
  toIndex: number,
): FlowDocument<B> {
  return updateBlock(doc, blockId, (block) => {
    const items = [...(block.items ?? [])];
    if (fromIndex < 0 || fromIndex >= items.length || fromIndex === toIndex) return block;
    const [moved] = items.splice(fromIndex, 1);
    items.splice(Math.max(0, Math.min(items.length, toIndex)), 0, moved!);
    return { ...block, items };
  });
}

/** Deletes one path (button) of a card with its edge. */
export function deleteCardPath<B extends DocBlock>(
  doc: FlowDocument<B>,
  blockId: string,
  itemId: string,
  pathId: string,
): FlowDocument<B> {
  const edgeIds = doc.edges
    .filter((edge) => "blockId" in edge.from && edge.from.blockId === blockId && edge.from.pathId === pathId)
    .map((edge) => edge.id);
  return updateItem(deleteEdges(doc, edgeIds), blockId, itemId, (item) => ({
    ...item,
    paths: item.paths?.filter((path) => path.id !== pathId),
  }));
}
