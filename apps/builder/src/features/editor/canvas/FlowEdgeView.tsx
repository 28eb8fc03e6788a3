"use client";

import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from "@xyflow/react";
import { X } from "lucide-react";
import { memo } from "react";
import { deleteEdges } from "../document/edges";
import { useEditorStore } from "../store/EditorStoreContext";
import type { FlowEdge } from "./flowNodes";

/** A bezier edge with an arrow; selected, it shows a button that deletes it. */
export const FlowEdgeView = memo(function FlowEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  selected,
  markerEnd,
}: EdgeProps<FlowEdge>) {
  const store = useEditorStore();
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
        className={selected ? "!stroke-brand-600 !stroke-[2.5px]" : "!stroke-[#9aa3b2] !stroke-2"}
      />
      {selected ? (
        <EdgeLabelRenderer>
          <button
            type="button"
            aria-label="Delete edge"
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
