import { type NodeHandle, Position } from "@xyflow/react";
import { type EditorBlock, getItemPaths, getItems } from "../store/editorDocument";
import { hasItemRows } from "./blockShape";
import { handleIds } from "./handleIds";

/** Sizes of the group card in px; GroupNode and BlockRow use the same numbers. */
export const groupLayout = {
  width: 300,
  padding: 12,
  headerHeight: 32,
  blockGap: 8,
  blockHeight: 46,
  itemHeight: 34,
  itemGap: 6,
  handleSize: 12,
};

type EstimatedHandle = NodeHandle & { id: string };

/**
 * Where a group's handles should be before the group was ever rendered. React Flow uses
 * these for groups outside the viewport (never mounted), so the edges reaching them are
 * drawn without rendering them; a rendered group replaces them with measured ones.
 */
export function estimateGroupLayout(blocks: readonly EditorBlock[]) {
  const { padding, headerHeight, blockGap, blockHeight, itemHeight, itemGap, width, handleSize } =
    groupLayout;
  const handles: EstimatedHandle[] = [
    {
      id: handleIds.groupEntry,
      type: "target",
      position: Position.Left,
      x: -handleSize / 2,
      y: 14,
      width: 12,
      height: 12,
    },
  ];
  let y = padding + headerHeight;
  for (const block of blocks) {
    const top = y;
    let height = blockHeight;
    if (hasItemRows(block)) {
      const rows = countItemRows(block);
      height = blockHeight + rows * (itemHeight + itemGap);
      let rowY = top + blockHeight;
      for (const item of getItems(block)) {
        for (const path of getItemPaths(item) ?? [undefined]) {
          const id = path ? handleIds.path(path.id) : handleIds.item(item.id);
          handles.push(sourceHandle(id, width - padding, rowY + itemHeight / 2));
          rowY += itemHeight + itemGap;
        }
      }
    }
    handles.push({
      id: handleIds.blockEntry(block.id),
      type: "target",
      position: Position.Left,
      x: padding - handleSize / 2,
      y: top + blockHeight / 2 - handleSize / 2,
      width: handleSize,
      height: handleSize,
    });
    handles.push(sourceHandle(handleIds.block(block.id), width - padding, top + height - blockHeight / 2));
    y += height + blockGap;
  }
  return { width, height: y - blockGap + padding, handles };
}

function sourceHandle(id: string, x: number, centerY: number): EstimatedHandle {
  const { handleSize } = groupLayout;
  return {
    id,
    type: "source",
    position: Position.Right,
    x: x - handleSize / 2,
    y: centerY - handleSize / 2,
    width: handleSize,
    height: handleSize,
  };
}

function countItemRows(block: EditorBlock) {
  return getItems(block).reduce((total, item) => total + (getItemPaths(item)?.length ?? 1), 0);
}
