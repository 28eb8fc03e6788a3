import type { CreateId } from "../document/types";
import type { EditorBlock } from "../store/editorDocument";

/**
 * A new block of a kind as the catalogue drops it: the fields its schema requires and
 * nothing else (option defaults are applied when read, so they can change later).
 */
export function createBlock(type: string, createId: CreateId): EditorBlock {
  const id = createId();
  switch (type) {
    case "text":
      return { id, type, content: { richText: [{ type: "p", children: [{ text: "" }] }] } };
    case "choice input":
    case "picture choice input":
      return { id, type, items: [{ id: createId() }] };
    case "Condition":
      return {
        id,
        type,
        items: [{ id: createId(), content: { logicalOperator: "AND", comparisons: [] } }],
      };
    case "AB test":
      return {
        id,
        type,
        items: [
          { id: createId(), path: "a" },
          { id: createId(), path: "b" },
        ],
        options: { aPercent: 50 },
      };
    case "cards":
      return { id, type, items: [{ id: createId(), paths: [{ id: createId(), text: "Select" }] }] };
    default:
      return { id, type };
  }
}
