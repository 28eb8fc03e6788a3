"use client";

import {
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  getNodesBounds,
  MarkerType,
  MiniMap,
  type Node,
  type NodeMouseHandler,
  type OnNodeDrag,
  ReactFlow,
  useReactFlow,
} from "@xyflow/react";
import { Maximize } from "lucide-react";
import { useCallback, useRef } from "react";
import { useTranslations } from "use-intl";
import { moveNodes } from "../document/groups";
import { useEditorStore } from "../store/EditorStoreContext";
import { EventNode } from "./EventNode";
import { FlowEdgeView } from "./FlowEdgeView";
import type { FlowEdge, FlowNode } from "./flowNodes";
import { GroupNode } from "./GroupNode";
import { useCanvasElements } from "./useCanvasElements";
import { useConnectHandlers } from "./useConnectHandlers";
import { useEditorShortcuts } from "./useEditorShortcuts";

const nodeTypes = { group: GroupNode, event: EventNode };
const edgeTypes = { flow: FlowEdgeView };
const defaultEdgeOptions = {
  markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18, color: "#9aa3b2" },
};
const multiSelectionKeys = ["Shift", "Meta", "Control"];

const minimapColor = (node: Node) => (node.type === "event" ? "#6366f1" : "#cfd4dc");

/**
 * The canvas: the start event and the groups as React Flow nodes. Only the nodes and
 * edges inside the viewport are rendered, so a flow of hundreds of groups opens fast.
 */
export function FlowCanvas({ onReady }: { onReady?: () => void }) {
  const t = useTranslations("Canvas");
  const store = useEditorStore();
  const { nodes, edges, onNodesChange, onEdgesChange } = useCanvasElements();
  const { onConnect, onConnectEnd } = useConnectHandlers();
  const { screenToFlowPosition, fitBounds } = useReactFlow();
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const edgesRef = useRef(edges);
  edgesRef.current = edges;
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const initialViewport = useRef(
    getInitialViewport(store.getState().history.present.events[0]?.graphCoordinates),
  );

  const onNodeDragStop: OnNodeDrag<FlowNode> = useCallback(
    (_event, _node, dragged) => {
      const positions = new Map(
        dragged.map((node) => [node.id, { x: Math.round(node.position.x), y: Math.round(node.position.y) }]),
      );
      store.getState().apply((doc) => moveNodes(doc, positions));
    },
    [store],
  );
  const onPaneClick = useCallback(() => store.getState().openBlock(null), [store]);
  const onNodeClick: NodeMouseHandler<FlowNode> = useCallback(() => undefined, []);
  const getSelection = useCallback(
    () => ({
      groupIds: nodesRef.current
        .filter((node) => node.selected && node.type === "group")
        .map((node) => node.id),
      edgeIds: edgesRef.current.filter((edge) => edge.selected).map((edge) => edge.id),
    }),
    [],
  );
  const getPasteOffset = useCallback(
    (groups: { graphCoordinates: { x: number; y: number } }[]) => {
      const first = groups[0]?.graphCoordinates ?? { x: 0, y: 0 };
      if (!pointer.current) return { x: 40, y: 40 };
      const at = screenToFlowPosition(pointer.current);
      return { x: Math.round(at.x - first.x), y: Math.round(at.y - first.y) };
    },
    [screenToFlowPosition],
  );
  useEditorShortcuts(getSelection, getPasteOffset);
  // React Flow's own fit waits until every node was measured, which never happens for
  // groups outside the viewport: fit on the sizes known or estimated instead.
  const fitAll = useCallback(() => {
    const bounds = getNodesBounds(nodesRef.current);
    if (bounds.width > 0) void fitBounds(bounds, { padding: 0.06 });
  }, [fitBounds]);

  return (
    <div
      className="h-full w-full"
      data-flow-canvas
      onPointerMove={(event) => {
        pointer.current = { x: event.clientX, y: event.clientY };
      }}
    >
      <ReactFlow<FlowNode, FlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeDragStop={onNodeDragStop}
        onNodeClick={onNodeClick}
        onPaneClick={onPaneClick}
        onConnect={onConnect}
        onConnectEnd={onConnectEnd}
        onInit={onReady}
        defaultViewport={initialViewport.current}
        defaultEdgeOptions={defaultEdgeOptions}
        onlyRenderVisibleElements
        minZoom={0.1}
        maxZoom={2}
        deleteKeyCode={null}
        selectionKeyCode="Shift"
        multiSelectionKeyCode={multiSelectionKeys}
        connectionRadius={28}
        elevateEdgesOnSelect
        attributionPosition="bottom-center"
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1.4} color="#cfd4dc" />
        <Controls position="bottom-left" showInteractive={false} showFitView={false}>
          <ControlButton onClick={fitAll} aria-label={t("fitView")} title={t("fitView")}>
            <Maximize size={12} />
          </ControlButton>
        </Controls>
        <MiniMap
          position="bottom-right"
          pannable
          zoomable
          nodeColor={minimapColor}
          maskColor="rgb(246 247 249 / 70%)"
        />
      </ReactFlow>
    </div>
  );
}

function getInitialViewport(start: { x: number; y: number } | undefined) {
  return { x: 120 - (start?.x ?? 0), y: 160 - (start?.y ?? 0), zoom: 1 };
}
