import { writePath } from "@parley/schemas";
import { useCallback } from "react";
import { updateItem } from "../document/items";
import { updateBlock } from "../document/locate";
import { useEditorStore } from "../store/EditorStoreContext";
import { type BlockField, type EditorBlock, getBlockField } from "../store/editorDocument";
import type { FieldPath } from "./form/SchemaField";

/**
 * Writes settings into the document: one undo step per field, typing in the same field
 * within a second merges into it.
 */
export function useBlockUpdater(blockId: string) {
  const store = useEditorStore();
  const updateField = useCallback(
    (field: BlockField, path: FieldPath, value: unknown) =>
      store.getState().apply(
        (doc) =>
          updateBlock(doc, blockId, (block) => {
            const next = writePath(getBlockField(block, field) ?? {}, path, value, { pruneEmpty: true });
            return Object.keys(next).length > 0 ? { ...block, [field]: next } : withoutField(block, field);
          }),
        { coalesceKey: `${blockId}:${field}:${path.join(".")}` },
      ),
    [store, blockId],
  );
  const updateItemField = useCallback(
    (itemId: string, path: FieldPath, value: unknown) =>
      store
        .getState()
        .apply(
          (doc) =>
            updateItem(doc, blockId, itemId, (item) => writePath(item, path, value, { pruneEmpty: true })),
          {
            coalesceKey: `${blockId}:item:${itemId}:${path.join(".")}`,
          },
        ),
    [store, blockId],
  );
  const setLabel = useCallback(
    (label: string) =>
      store.getState().apply(
        (doc) =>
          updateBlock(doc, blockId, (block) => {
            const { label: _previous, ...rest } = block;
            return label ? { ...rest, label } : rest;
          }),
        { coalesceKey: `${blockId}:label` },
      ),
    [store, blockId],
  );
  return { updateField, updateItemField, setLabel };
}

/** The block without its `options` (or `content`), once the last of them is cleared. */
function withoutField(block: EditorBlock, field: BlockField): EditorBlock {
  if (field === "options" && "options" in block) {
    const { options: _cleared, ...rest } = block;
    return rest;
  }
  if (field === "content" && "content" in block) {
    const { content: _cleared, ...rest } = block;
    return rest;
  }
  return block;
}
