"use client";

import { Handle, type NodeProps, Position } from "@xyflow/react";
import { Flag, MessageSquareWarning, MessagesSquare, SquareSlash } from "lucide-react";
import { memo } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { isClickAfterDrag } from "../dnd/useBlockDragSource";
import type { DocEvent } from "../document/types";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";
import type { EventFlowNode } from "./flowNodes";
import { handleIds } from "./handleIds";

/** Each event kind's name in the interface language. */
export const getEventLabels = (t: InterfaceTranslator<"Events">): Record<DocEvent["type"], string> => ({
  start: t("start"),
  command: t("command"),
  reply: t("reply"),
  invalidReply: t("invalidReply"),
});

const eventIcons = {
  start: Flag,
  command: SquareSlash,
  reply: MessagesSquare,
  invalidReply: MessageSquareWarning,
} as const;

/** What the node says: the kind, and a command's name. */
function getEventTitle(event: DocEvent, t: InterfaceTranslator<"Events">): string {
  if (event.type === "command") return t("commandNamed", { name: event.options?.command || t("noName") });
  return getEventLabels(t)[event.type];
}

/**
 * An event node; its exit leads to the group it starts. The start event has nothing to set; the
 * others (command, reply, invalid reply) open their settings when clicked.
 */
export const EventNode = memo(function EventNode({ data, selected }: NodeProps<EventFlowNode>) {
  const t = useTranslations("Events");
  const { event } = data;
  const store = useEditorStore();
  const isOpened = useEditor((state) => state.openedEventId === event.id);
  const Icon = eventIcons[event.type];
  const isSettable = event.type !== "start";
  const open = () => store.getState().openEvent(event.id);
  return (
    <div
      data-testid={event.type === "start" ? "start-event" : "event"}
      data-event-type={event.type}
      {...(isSettable
        ? {
            role: "button",
            tabIndex: 0,
            "aria-roledescription": t("roleDescription"),
            onClick: () => {
              if (!isClickAfterDrag()) open();
            },
            onKeyDown: (keyEvent: React.KeyboardEvent) => {
              if (keyEvent.key === "Enter") open();
            },
          }
        : {})}
      className={cn(
        "relative flex h-11 max-w-[220px] min-w-[150px] items-center gap-2 rounded-xl border bg-surface px-3 font-semibold shadow-card",
        isSettable && "cursor-pointer",
        selected || isOpened ? "border-brand-500 ring-2 ring-brand-100" : "border-line",
      )}
    >
      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-600">
        <Icon size={14} />
      </span>
      <span className="truncate">{getEventTitle(event, t)}</span>
      <Handle
        type="source"
        position={Position.Right}
        id={handleIds.event(event.id)}
        className="flow-handle !-right-px"
      />
    </div>
  );
});
