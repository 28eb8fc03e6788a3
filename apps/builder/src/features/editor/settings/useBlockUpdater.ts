import { useCallback } from "react";
import { updateItem } from "../document/items";
import { updateBlock } from "../document/locate";
import { useEditorStore } from "../store/EditorStoreContext";
import type { EditorBlock } from "../store/editorDocument";
import type { FieldPath } from "./form/SchemaField";
import { setAtPath } from "./form/schemaIntrospection";

type BlockField = "options" | "content";

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
            const next = setAtPath((block[field] ?? {}) as Record<string, unknown>, path, value);
            const updated: EditorBlock = { ...block, [field]: next };
            if (Object.keys(next).length === 0) delete updated[field];
            return updated;
          }),
        { coalesceKey: `${blockId}:${field}:${path.join(".")}` },
      ),
    [store, blockId],
  );
  const updateItemField = useCallback(
    (itemId: string, path: FieldPath, value: unknown) =>
      store
        .getState()
        .apply((doc) => updateItem(doc, blockId, itemId, (item) => setAtPath(item, path, value)), {
          coalesceKey: `${blockId}:item:${itemId}:${path.join(".")}`,
        }),
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
