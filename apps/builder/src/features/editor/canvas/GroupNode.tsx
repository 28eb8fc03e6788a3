"use client";

import { Handle, type NodeProps, Position, useStore, useUpdateNodeInternals } from "@xyflow/react";
import { Copy, Play, Trash2 } from "lucide-react";
import { Fragment, memo, useLayoutEffect } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { createId } from "../createId";
import { useBlockDragStore } from "../dnd/blockDragStore";
import { deleteGroups } from "../document/blocks";
import { duplicateGroups } from "../document/clipboard";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";
import { BlockRow } from "./BlockRow";
import { useCanvasAnalytics } from "./CanvasAnalyticsContext";
import { CanvasMarkBadge, canvasMarkRings } from "./CanvasMarkBadge";
import { CompactBlockRow } from "./CompactBlockRow";
import { FlowCheckBadge } from "./FlowCheckBadge";
import { getFlowCheckIndex } from "./flowCheckIndex";
import type { GroupFlowNode } from "./flowNodes";
import { GroupTitle } from "./GroupTitle";
import { handleIds } from "./handleIds";

/** A group on the canvas: its title and its blocks, top to bottom. */
export const GroupNode = memo(function GroupNode({ id, data, selected }: NodeProps<GroupFlowNode>) {
  const t = useTranslations("Canvas");
  const { group } = data;
  const store = useEditorStore();
  const updateNodeInternals = useUpdateNodeInternals();
  const dropIndex = useBlockDragStore((state) =>
    state.target?.kind === "group" && state.target.groupId === id ? state.target.index : null,
  );
  const reached = useCanvasAnalytics()?.reachByGroup.get(id);
  const findings = useEditor((state) => getFlowCheckIndex(state.history.present).byGroup.get(id));
  const mark = useEditor((state) => state.canvasMarks?.byId.get(id));
  const isCompact = useStore(isZoomedOut);
  // Handles move when blocks or items change without the group changing size.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the blocks change
  useLayoutEffect(() => updateNodeInternals(id), [id, group.blocks, isCompact, updateNodeInternals]);
  return (
    <div
      data-group-id={id}
      data-testid="group"
      data-mark={mark}
      className={cn(
        "group/node relative flex w-[300px] flex-col gap-2 rounded-xl border bg-surface p-3 shadow-card transition-shadow",
        selected ? "border-brand-500 ring-2 ring-brand-100" : "border-line hover:shadow-popover",
        mark && !selected && canvasMarkRings[mark],
      )}
    >
      <Handle
        type="target"
        position={Position.Left}
        id={handleIds.groupEntry}
        isConnectableStart={false}
        className="!top-[28px] !-left-px !h-3 !w-3 !border-2 !border-surface !bg-line-strong"
      />
      <div className="flex h-8 items-center gap-1">
        <GroupTitle groupId={id} title={group.title} />
        <CanvasMarkBadge mark={mark} />
        <FlowCheckBadge findings={findings} />
        {reached !== undefined ? (
          <span
            className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-[12px] font-medium text-brand-700"
            data-testid="group-reach"
          >
            {t("users", { count: reached })}
          </span>
        ) : null}
        <div className="nodrag flex shrink-0 items-center opacity-0 transition-opacity group-focus-within/node:opacity-100 group-hover/node:opacity-100">
          <button
            type="button"
            aria-label={t("previewFrom", { group: group.title })}
            title={t("previewFromThis")}
            className="rounded-md p-1 text-muted hover:bg-subtle hover:text-ink"
            onClick={() => store.getState().startPreviewFrom(id)}
          >
            <Play size={14} />
          </button>
          <button
            type="button"
            aria-label={t("duplicateGroup")}
            title={t("duplicate")}
            className="rounded-md p-1 text-muted hover:bg-subtle hover:text-ink"
            onClick={() => store.getState().apply((doc) => duplicateGroups(doc, [id], createId).doc)}
          >
            <Copy size={14} />
          </button>
          <button
            type="button"
            aria-label={t("deleteGroup")}
            title={t("delete")}
            className="rounded-md p-1 text-muted hover:bg-danger-50 hover:text-danger-600"
            onClick={() => store.getState().apply((doc) => deleteGroups(doc, [id]))}
          >
            <Trash2 size={14} />
          </button>
        </div>
      </div>
      {group.blocks.map((block, index) => (
        <Fragment key={block.id}>
          {dropIndex === index ? <DropIndicator /> : null}
          {isCompact ? (
            <CompactBlockRow block={block} />
          ) : (
            <BlockRow block={block} isLast={index === group.blocks.length - 1} />
          )}
        </Fragment>
      ))}
      {dropIndex === group.blocks.length ? <DropIndicator /> : null}
    </div>
  );
});

/** Below this zoom, texts are unreadable: blocks are drawn compact. */
const compactZoom = 0.4;
const isZoomedOut = (state: { transform: [number, number, number] }) => state.transform[2] < compactZoom;

function DropIndicator() {
  return <div className="-my-1 h-1 rounded-full bg-brand-500" data-testid="drop-indicator" />;
}
