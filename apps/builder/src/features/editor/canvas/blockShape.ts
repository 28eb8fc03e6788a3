import type { EditorBlock } from "../store/editorDocument";
import { getEditorBlockDefinition } from "../store/getEditorBlockDefinition";

/** Blocks whose items are drawn as rows, each with its own exit. */
export function hasItemRows(block: { type: string }): boolean {
  return getEditorBlockDefinition(block.type)?.canvas?.hasItemRows === true;
}

/** Blocks that have a default exit besides their items (Condition's "Else", multiple choice). */
export function hasDefaultExit(block: EditorBlock): boolean {
  return getEditorBlockDefinition(block.type)?.canvas?.hasDefaultExit?.(block) ?? true;
}
