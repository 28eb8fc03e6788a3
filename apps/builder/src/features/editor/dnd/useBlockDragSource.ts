import { type PointerEvent as ReactPointerEvent, useCallback } from "react";
import { type DraggedBlock, findDropTarget, useBlockDragStore } from "./blockDragStore";

const dragThreshold = 4;
let lastDropAt = 0;

/** Whether a drag just ended: the click that follows a drop must not open the block. */
export function isClickAfterDrag(): boolean {
  return Date.now() - lastDropAt < 100;
}

/**
 * Pointer handlers that start a block drag once the pointer moved a few pixels, follow
 * it, and hand the drop to `onDrop` (null target: dropped where nothing accepts it).
 * A press without movement stays a click.
 */
export function useBlockDragSource(
  getDragged: () => DraggedBlock,
  onDrop: (
    dragged: DraggedBlock,
    target: ReturnType<typeof findDropTarget>,
    point: { x: number; y: number },
  ) => void,
) {
  return useCallback(
    (event: ReactPointerEvent) => {
      if (
        event.button !== 0 ||
        (event.target instanceof Element && event.target.closest("button, input, .react-flow__handle"))
      )
        return;
      const origin = { x: event.clientX, y: event.clientY };
      let dragged: DraggedBlock | null = null;
      const store = useBlockDragStore.getState();
      const onMove = (move: PointerEvent) => {
        const point = { x: move.clientX, y: move.clientY };
        if (!dragged) {
          if (Math.hypot(point.x - origin.x, point.y - origin.y) < dragThreshold) return;
          dragged = getDragged();
          store.start(dragged, point);
          document.body.classList.add("is-dragging-block");
        }
        useBlockDragStore.getState().move(point, findDropTarget(point.x, point.y));
      };
      const finish = (up: PointerEvent) => {
        window.removeEventListener("pointermove", onMove);
        window.removeEventListener("pointerup", finish);
        window.removeEventListener("pointercancel", cancel);
        document.body.classList.remove("is-dragging-block");
        if (!dragged) return;
        const target = findDropTarget(up.clientX, up.clientY);
        useBlockDragStore.getState().end();
        onDrop(dragged, target, { x: up.clientX, y: up.clientY });
        lastDropAt = Date.now();
      };
      const cancel = () => {
        window.removeEventListener("pointermove", onMove);
        window.removeEventListener("pointerup", finish);
        window.removeEventListener("pointercancel", cancel);
        document.body.classList.remove("is-dragging-block");
        useBlockDragStore.getState().end();
      };
      window.addEventListener("pointermove", onMove);
      window.addEventListener("pointerup", finish);
      window.addEventListener("pointercancel", cancel);
    },
    [getDragged, onDrop],
  );
}
