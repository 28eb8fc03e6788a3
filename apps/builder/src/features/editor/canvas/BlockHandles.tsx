"use client";

import { Handle, Position } from "@xyflow/react";
import { cn } from "@/components/ui/cn";
import { handleIds } from "./handleIds";

/** A block's entry: edges dropped on the block end here; never the start of a connection. */
export function BlockEntryHandle({
  blockId,
  isConnectable = true,
}: {
  blockId: string;
  isConnectable?: boolean;
}) {
  return (
    <Handle
      type="target"
      position={Position.Left}
      id={handleIds.blockEntry(blockId)}
      isConnectable={isConnectable}
      isConnectableStart={false}
      className="!-left-[13px] !h-2 !w-2 !min-w-0 !border-0 !bg-transparent"
    />
  );
}

/** An exit drawn on a zoomed-out block: it keeps its edge attached but takes no connection. */
export function InertExitHandle({ id, className }: { id: string; className: string }) {
  return (
    <Handle
      type="source"
      position={Position.Right}
      id={id}
      isConnectable={false}
      className={cn("flow-handle", className)}
    />
  );
}
