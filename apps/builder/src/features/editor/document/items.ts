import { deleteEdges, getEdgesFromItem } from "./edges";
import { updateBlock } from "./locate";
import type { BlockOf, DocItem, FlowDocument } from "./types";

type ItemOf<D extends FlowDocument> = NonNullable<BlockOf<D>["items"]>[number] & DocItem;

/** Inserts an item into a block (choice, picture choice, condition, cards) at `index`. */
export function insertItem<D extends FlowDocument>(
  doc: D,
  blockId: string,
  item: ItemOf<D>,
  index?: number,
): D {
  return updateBlock(doc, blockId, (block) => {
    const items = block.items ?? [];
    const at = Math.max(0, Math.min(items.length, index ?? items.length));
    return { ...block, items: [...items.slice(0, at), item, ...items.slice(at)] };
  });
}

export function updateItem<D extends FlowDocument>(
  doc: D,
  blockId: string,
  itemId: string,
  update: (item: ItemOf<D>) => ItemOf<D>,
): D {
  return updateBlock(doc, blockId, (block) => ({
    ...block,
    items: block.items?.map((item) => (item.id === itemId ? update(item as ItemOf<D>) : item)),
  }));
}

/** Deletes an item and the edges leaving it (or its card paths). */
export function deleteItem<D extends FlowDocument>(doc: D, blockId: string, itemId: string): D {
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
export function moveItem<D extends FlowDocument>(
  doc: D,
  blockId: string,
  fromIndex: number,
  toIndex: number,
): D {
  return updateBlock(doc, blockId, (block) => {
    const items = [...(block.items ?? [])];
    if (fromIndex < 0 || fromIndex >= items.length || fromIndex === toIndex) return block;
    const [moved] = items.splice(fromIndex, 1);
    items.splice(Math.max(0, Math.min(items.length, toIndex)), 0, moved!);
    return { ...block, items };
  });
}

/** Deletes one path (button) of a card with its edge. */
export function deleteCardPath<D extends FlowDocument>(
  doc: D,
  blockId: string,
  itemId: string,
  pathId: string,
): D {
  const edgeIds = doc.edges
    .filter((edge) => "blockId" in edge.from && edge.from.blockId === blockId && edge.from.pathId === pathId)
    .map((edge) => edge.id);
  return updateItem(deleteEdges(doc, edgeIds), blockId, itemId, (item) => ({
    ...item,
    paths: item.paths?.filter((path) => path.id !== pathId),
  }));
}
