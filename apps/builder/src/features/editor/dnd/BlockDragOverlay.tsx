"use client";

import { createPortal } from "react-dom";
import { BlockIcon } from "../catalogue/BlockIcon";
import { useBlockLabel } from "../catalogue/useBlockLabel";
import { useBlockDragStore } from "./blockDragStore";

/** The card that follows the pointer while a block is dragged. */
export function BlockDragOverlay() {
  const dragged = useBlockDragStore((state) => state.dragged);
  const pointer = useBlockDragStore((state) => state.pointer);
  const blockLabel = useBlockLabel();
  if (!dragged) return null;
  return createPortal(
    <div
      className="pointer-events-none fixed top-0 left-0 z-50 flex w-56 items-center gap-2 rounded-lg border border-brand-500 bg-surface px-3 py-2 shadow-popover"
      style={{ transform: `translate(${pointer.x - 24}px, ${pointer.y - 18}px) rotate(-2deg)` }}
      data-testid="block-drag-overlay"
    >
      <BlockIcon type={dragged.blockType} />
      <span className="font-medium">{blockLabel(dragged.blockType)}</span>
    </div>,
    document.body,
  );
}
