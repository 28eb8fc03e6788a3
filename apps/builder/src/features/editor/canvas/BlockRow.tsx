"use client";

import { Handle, Position } from "@xyflow/react";
import { memo, useCallback } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { BlockIcon } from "../catalogue/BlockIcon";
import { useBlockLabel } from "../catalogue/useBlockLabel";
import { useBlockDragStore } from "../dnd/blockDragStore";
import { isClickAfterDrag, useBlockDragSource } from "../dnd/useBlockDragSource";
import { getUntranslatedTexts } from "../languages/translatedView";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";
import type { EditorBlock } from "../store/editorDocument";
import { selectCanvasLanguage } from "../store/editorStore";
import { getEditorBlockDefinition } from "../store/getEditorBlockDefinition";
import { AbTestAnalyticsRow } from "./AbTestAnalyticsRow";
import { BlockEntryHandle } from "./BlockHandles";
import { hasDefaultExit, hasItemRows } from "./blockShape";
import { useCanvasAnalytics } from "./CanvasAnalyticsContext";
import { CanvasMarkBadge, canvasMarkRings } from "./CanvasMarkBadge";
import { FlowCheckBadge } from "./FlowCheckBadge";
import { getFlowCheckIndex } from "./flowCheckIndex";
import { handleIds } from "./handleIds";
import { ItemRows } from "./ItemRows";
import { UntranslatedBadge } from "./UntranslatedBadge";
import { useDropBlock } from "./useDropBlock";
import { useSummaryContext } from "./useSummaryContext";

/** One block of a group: icon, summary, its exits; press and move to drag it, click to edit it. */
export const BlockRow = memo(function BlockRow({ block, isLast }: { block: EditorBlock; isLast: boolean }) {
  const store = useEditorStore();
  const isOpened = useEditor((state) => state.openedBlockId === block.id);
  const isExecuting = useEditor((state) => state.executingBlockId === block.id);
  const findings = useEditor((state) => getFlowCheckIndex(state.history.present).byBlock.get(block.id));
  const mark = useEditor((state) => state.canvasMarks?.byId.get(block.id));
  const untranslated = useEditor((state) => {
    const language = selectCanvasLanguage(state);
    return language ? getUntranslatedTexts(state.history.present, language).get(block.id) : undefined;
  });
  const isDragged = useBlockDragStore(
    (state) => state.dragged?.kind === "existing" && state.dragged.blockId === block.id,
  );
  const canvasAnalytics = useCanvasAnalytics();
  const analytics = canvasAnalytics?.inputByBlock.get(block.id);
  const abTestAnalytics = canvasAnalytics?.abTestByBlock.get(block.id);
  const context = useSummaryContext(block);
  const dropBlock = useDropBlock();
  const getDragged = useCallback(
    () => ({ kind: "existing" as const, blockId: block.id, blockType: block.type }),
    [block.id, block.type],
  );
  const onPointerDown = useBlockDragSource(getDragged, dropBlock);
  const t = useTranslations("BlockRow");
  const blockLabel = useBlockLabel()(block.type);
  const definition = getEditorBlockDefinition(block.type);
  const summary = definition?.getSummary(block, context) ?? null;
  const showsDefaultExit = hasDefaultExit(block);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the row holds connection handles and item rows, which a <button> cannot contain
    <div
      data-block-row
      data-block-id={block.id}
      data-testid="block"
      data-executing={isExecuting || undefined}
      data-mark={mark}
      role="button"
      tabIndex={0}
      // Named by what it shows (its summary); the kind is said as the role (WCAG 2.5.3).
      aria-roledescription={t("roleDescription", { block: blockLabel })}
      onPointerDown={onPointerDown}
      onClick={(event) => {
        event.stopPropagation();
        if (!isClickAfterDrag()) store.getState().openBlock(block.id);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") store.getState().openBlock(block.id);
      }}
      className={cn(
        "nodrag group/block relative cursor-pointer rounded-lg border bg-surface px-2.5 py-2 transition-[border-color,box-shadow,opacity]",
        isOpened ? "border-brand-500 ring-2 ring-brand-100" : "border-line hover:border-line-strong",
        mark && !isOpened && canvasMarkRings[mark],
        isExecuting && "border-success-600 ring-2 ring-success-600/30",
        isDragged && "opacity-40",
      )}
    >
      <BlockEntryHandle blockId={block.id} />
      <div className="flex items-start gap-2.5">
        <BlockIcon type={block.type} />
        <div className="min-w-0 flex-1 pt-1">
          {summary ? (
            <p className="line-clamp-3 text-[13px] leading-snug break-words whitespace-pre-line text-ink">
              {summary}
            </p>
          ) : hasItemRows(block) ? (
            <p className="text-[13px] leading-snug font-medium text-muted">{blockLabel}</p>
          ) : (
            <p className="text-[13px] leading-snug text-faint">
              {t.rich("clickToEdit", {
                block: blockLabel,
                em: (chunks) => <span className="italic">{chunks}</span>,
              })}
            </p>
          )}
          {block.label ? <p className="mt-0.5 truncate text-[12px] text-muted">{block.label}</p> : null}
        </div>
        <CanvasMarkBadge mark={mark} />
        <FlowCheckBadge findings={findings} />
        <UntranslatedBadge texts={untranslated} />
      </div>
      {analytics ? (
        <div className="mt-2 flex items-center gap-2 text-[12px]" data-testid="block-analytics">
          <span className="rounded bg-subtle px-1.5 py-0.5 text-muted">
            {t("reached", { count: analytics.reached })}
          </span>
          <span className="rounded bg-danger-50 px-1.5 py-0.5 text-danger-600">
            {t("dropped", { count: analytics.dropOff, rate: analytics.dropOffRate })}
          </span>
        </div>
      ) : null}
      {abTestAnalytics ? <AbTestAnalyticsRow stats={abTestAnalytics} /> : null}
      {hasItemRows(block) ? <ItemRows block={block} context={context} untranslated={untranslated} /> : null}
      {showsDefaultExit ? (
        <Handle
          type="source"
          position={Position.Right}
          id={handleIds.block(block.id)}
          className={cn(
            "flow-handle !-right-[13px]",
            definition?.canvas?.defaultExitLabel ? "!top-auto !bottom-4" : "",
            !isLast && !block.outgoingEdgeId && "opacity-0 group-hover/block:opacity-100",
          )}
        />
      ) : null}
    </div>
  );
});
