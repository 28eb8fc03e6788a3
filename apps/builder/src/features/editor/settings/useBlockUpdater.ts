import { writePath } from "@parley/schemas";
import { useCallback } from "react";
import { updateBlock } from "../document/locate";
import { applyTranslatedBlockChange, getCanvasLanguage } from "../languages/translatedView";
import { useEditorStore } from "../store/EditorStoreContext";
import { type BlockField, type EditorBlock, getBlockField, getItems } from "../store/editorDocument";
import type { FieldPath } from "./form/SchemaField";

/**
 * Writes settings into the document: one undo step per field, typing in the same field
 * within a second merges into it. While the canvas shows another language than the default, a text
 * written is that language's translation (`applyTranslatedBlockChange`).
 */
export function useBlockUpdater(blockId: string) {
  const store = useEditorStore();
  const changeBlock = useCallback(
    (change: (block: EditorBlock) => EditorBlock, coalesceKey: string) => {
      const { apply, canvasLanguage } = store.getState();
      apply(
        (doc) => applyTranslatedBlockChange(doc, getCanvasLanguage(doc, canvasLanguage), blockId, change),
        { coalesceKey: `${canvasLanguage ?? ""}:${coalesceKey}` },
      );
    },
    [store, blockId],
  );
  const updateField = useCallback(
    (field: BlockField, path: FieldPath, value: unknown) =>
      changeBlock(
        (block) => {
          const next = writePath(getBlockField(block, field) ?? {}, path, value, { pruneEmpty: true });
          return Object.keys(next).length > 0 ? { ...block, [field]: next } : withoutField(block, field);
        },
        `${blockId}:${field}:${path.join(".")}`,
      ),
    [changeBlock, blockId],
  );
  const updateItemField = useCallback(
    (itemId: string, path: FieldPath, value: unknown) =>
      changeBlock(
        (block) =>
          ({
            ...block,
            items: getItems(block).map((item) =>
              item.id === itemId ? writePath(item, path, value, { pruneEmpty: true }) : item,
            ),
          }) as EditorBlock,
        `${blockId}:item:${itemId}:${path.join(".")}`,
      ),
    [changeBlock, blockId],
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
  return { changeBlock, updateField, updateItemField, setLabel };
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
