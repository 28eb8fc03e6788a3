import {
  type Block,
  type BotDocument,
  type BotDocumentPart,
  type BotTest,
  botDocumentParts,
  type ItemOf,
} from "@parley/schemas";
import type { DocItem } from "../document/types";

/** A block as the editor stores it: the schema's block, any kind. */
export type EditorBlock = Block;

/** An item of any block kind (a choice, a condition, a card, an AB test path), with its exit. */
export type EditorItem = ItemOf<Block> & Pick<DocItem, "outgoingEdgeId">;

/**
 * What the editor edits and saves: the bot document (flow, theme and settings) and the bot's tests, which the Tests
 * panel edits in the same undo history and autosave as the flow they check.
 */
export type EditorDocument = BotDocument & { tests: BotTest[] };

/** The top-level fields of the document. */
export const documentKeys = [...botDocumentParts, "tests"] as const;
export type DocumentKey = BotDocumentPart | "tests";

/** The fields the generic settings form edits: a block's `options`, or a bubble's `content`. */
export type BlockField = "options" | "content";

/** A block's `options` or `content` as the generic form reads it; undefined when absent or not of its kind. */
export function getBlockField(block: EditorBlock, field: BlockField): Record<string, unknown> | undefined {
  if (field === "options") return "options" in block ? block.options : undefined;
  return "content" in block ? block.content : undefined;
}

/** A block's items (none for kinds without items). */
export function getItems(block: EditorBlock): readonly EditorItem[] {
  return "items" in block ? block.items : [];
}

/** The paths (buttons) of a card item, each with its own exit; undefined for other items. */
export function getItemPaths(item: EditorItem) {
  return "paths" in item ? item.paths : undefined;
}
