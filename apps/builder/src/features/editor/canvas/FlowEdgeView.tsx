"use client";

import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath, useStore } from "@xyflow/react";
import { X } from "lucide-react";
import { memo } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { deleteEdges } from "../document/edges";
import { useEditorStore } from "../store/EditorStoreContext";
import type { FlowEdge } from "./flowNodes";

/** A bezier edge with an arrow; selected, it shows a button that deletes it. */
export const FlowEdgeView = memo(function FlowEdgeView({
  id,
  source,
  target,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  selected,
  markerEnd,
}: EdgeProps<FlowEdge>) {
  const t = useTranslations("Canvas");
  const store = useEditorStore();
  // While an end of the edge is dragged, the edge is drawn on its own layer (editor.css).
  const isMoving = useStore(
    (state) => !!(state.nodeLookup.get(source)?.dragging || state.nodeLookup.get(target)?.dragging),
  );
  const [path, labelX, labelY] = getBezierPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
  });
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        interactionWidth={16}
        className={cn(
          selected ? "!stroke-brand-600 !stroke-[2.5px]" : "!stroke-[#9aa3b2] !stroke-2",
          isMoving && "edge-moving",
        )}
      />
      {selected ? (
        <EdgeLabelRenderer>
          <button
            type="button"
            aria-label={t("deleteEdge")}
            className="nodrag nopan pointer-events-auto absolute flex h-6 w-6 items-center justify-center rounded-full border border-line bg-surface text-muted shadow-card hover:bg-danger-50 hover:text-danger-600"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            onClick={() => store.getState().apply((doc) => deleteEdges(doc, [id]))}
          >
            <X size={13} />
          </button>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
});
