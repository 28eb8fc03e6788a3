"use client";

import { memo } from "react";
import { BlockIcon } from "../catalogue/BlockIcon";
import { type EditorBlock, getItemPaths, getItems } from "../store/editorDocument";
import { BlockEntryHandle, InertExitHandle } from "./BlockHandles";
import { hasDefaultExit, hasItemRows } from "./blockShape";
import { handleIds } from "./handleIds";

/**
 * A block as drawn when the canvas is zoomed far out: its icon and placeholder bars in the
 * same footprint, with the same handles (edges stay attached), and far fewer DOM nodes.
 */
export const CompactBlockRow = memo(function CompactBlockRow({ block }: { block: EditorBlock }) {
  return (
    <div
      data-block-row
      data-block-id={block.id}
      className="relative rounded-lg border border-line bg-surface px-2.5 py-2"
    >
      <BlockEntryHandle blockId={block.id} isConnectable={false} />
      <div className="flex h-7 items-center gap-2.5">
        <BlockIcon type={block.type} />
        <div className="h-2.5 flex-1 rounded-full bg-subtle" />
      </div>
      {hasItemRows(block) ? (
        <div className="mt-2 flex flex-col gap-1.5">
          {getItems(block).flatMap((item) =>
            (getItemPaths(item) ?? [undefined]).map((path) => (
              <div
                key={path?.id ?? item.id}
                className="relative h-[34px] rounded-md border border-line bg-subtle/60"
              >
                <InertExitHandle
                  id={path ? handleIds.path(path.id) : handleIds.item(item.id)}
                  className="!-right-[24px]"
                />
              </div>
            )),
          )}
        </div>
      ) : null}
      {hasDefaultExit(block) ? (
        <InertExitHandle id={handleIds.block(block.id)} className="!-right-[13px] opacity-0" />
      ) : null}
    </div>
  );
});
