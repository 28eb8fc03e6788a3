import type { BlockType } from "@parley/schemas";
import { create } from "zustand";

/** What is being dragged: a new block from the catalogue or a block of the canvas. */
export type DraggedBlock =
  | { kind: "new"; blockType: BlockType }
  | { kind: "existing"; blockId: string; blockType: string };

/** Where it would land: at `index` of a group, or on the empty canvas (a new group). */
export type DropTarget = { kind: "group"; groupId: string; index: number } | { kind: "canvas" } | null;

interface BlockDragState {
  dragged: DraggedBlock | null;
  pointer: { x: number; y: number };
  target: DropTarget;
  start: (dragged: DraggedBlock, pointer: { x: number; y: number }) => void;
  move: (pointer: { x: number; y: number }, target: DropTarget) => void;
  end: () => void;
}

/** The block drag in progress (one at a time in the page). */
export const useBlockDragStore = create<BlockDragState>()((set) => ({
  dragged: null,
  pointer: { x: 0, y: 0 },
  target: null,
  start: (dragged, pointer) => set({ dragged, pointer, target: null }),
  move: (pointer, target) => set({ pointer, target }),
  end: () => set({ dragged: null, target: null }),
}));

/** The drop target under a point of the page, read from the canvas DOM. */
export function findDropTarget(x: number, y: number): DropTarget {
  const element = document.elementFromPoint(x, y);
  if (!element) return null;
  const groupElement = element.closest<HTMLElement>("[data-group-id]");
  if (groupElement?.dataset.groupId) {
    const rows = [...groupElement.querySelectorAll<HTMLElement>("[data-block-row]")];
    let index = rows.length;
    for (let i = 0; i < rows.length; i++) {
      const rect = rows[i]!.getBoundingClientRect();
      if (y < rect.top + rect.height / 2) {
        index = i;
        break;
      }
    }
    return { kind: "group", groupId: groupElement.dataset.groupId, index };
  }
  if (element.closest(".react-flow__pane, .react-flow__edges, .react-flow__viewport"))
    return { kind: "canvas" };
  return null;
}
