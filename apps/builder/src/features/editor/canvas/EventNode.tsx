"use client";

import { Handle, type NodeProps, Position } from "@xyflow/react";
import { Flag } from "lucide-react";
import { memo } from "react";
import { cn } from "@/components/ui/cn";
import type { EventFlowNode } from "./flowNodes";
import { handleIds } from "./handleIds";

const eventLabels: Record<string, string> = {
  start: "Start",
  command: "Command",
  reply: "On reply",
  invalidReply: "On invalid reply",
};

/** An event node (the start of the flow); its exit leads to the first group. */
export const EventNode = memo(function EventNode({ data, selected }: NodeProps<EventFlowNode>) {
  const { event } = data;
  return (
    <div
      data-testid="start-event"
      className={cn(
        "relative flex h-11 w-[150px] items-center gap-2 rounded-xl border bg-surface px-3 font-semibold shadow-card",
        selected ? "border-brand-500 ring-2 ring-brand-100" : "border-line",
      )}
    >
      <span className="flex h-6 w-6 items-center justify-center rounded-md bg-brand-50 text-brand-600">
        <Flag size={14} />
      </span>
      {eventLabels[event.type] ?? event.type}
      <Handle
        type="source"
        position={Position.Right}
        id={handleIds.event(event.id)}
        className="flow-handle !-right-px"
      />
    </div>
  );
});
