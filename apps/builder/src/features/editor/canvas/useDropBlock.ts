import { useReactFlow } from "@xyflow/react";
import { useCallback } from "react";
import { createBlock } from "../catalogue/createBlock";
import { createId } from "../createId";
import type { DraggedBlock, DropTarget } from "../dnd/blockDragStore";
import { createGroup, insertBlock, moveBlock, moveBlockToNewGroup } from "../document/blocks";
import { getNextGroupTitle } from "../document/groups";
import { useEditorStore } from "../store/EditorStoreContext";

/** Applies a block drop: into a group at a position, or onto the canvas as a new group. */
export function useDropBlock() {
  const store = useEditorStore();
  const { screenToFlowPosition } = useReactFlow();
  return useCallback(
    (dragged: DraggedBlock, target: DropTarget, point: { x: number; y: number }) => {
      if (!target) return;
      const state = store.getState();
      const block = dragged.kind === "new" ? createBlock(dragged.blockType, createId) : null;
      const movedBlockId = dragged.kind === "new" ? "" : dragged.blockId;
      state.apply((doc) => {
        if (target.kind === "group") {
          return block
            ? insertBlock(doc, target.groupId, block, target.index)
            : moveBlock(doc, movedBlockId, target.groupId, target.index);
        }
        const position = screenToFlowPosition(point);
        const group = {
          id: createId(),
          title: getNextGroupTitle(doc),
          graphCoordinates: { x: Math.round(position.x - 30), y: Math.round(position.y - 20) },
        };
        return block
          ? createGroup(doc, { ...group, blocks: [block] })
          : moveBlockToNewGroup(doc, movedBlockId, group);
      });
      if (block) store.getState().openBlock(block.id);
    },
    [store, screenToFlowPosition],
  );
}
