import { type BlockType, blockSchema } from "@parley/schemas";
import type { CreateId } from "../document/types";
import type { EditorBlock } from "../store/editorDocument";
import { getEditorBlockDefinition } from "../store/getEditorBlockDefinition";

/**
 * A new block of a kind as the catalogue drops it: the fields its definition starts it with
 * (one new item for kinds with items) and nothing else (option defaults are applied when read,
 * so they can change later). Parsed by the block schema, so the catalogue never drops an invalid block.
 */
export function createBlock(type: BlockType, createId: CreateId): EditorBlock {
  const id = createId();
  const definition = getEditorBlockDefinition(type);
  const items = definition?.settings?.items;
  const fields = definition?.initialFields?.(createId) ?? (items ? { items: [items.create(createId)] } : {});
  return blockSchema.parse({ id, type, ...fields });
}
