import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from "@xyflow/react";
import { useCallback, useState } from "react";
import { getTranslatedGroups } from "../languages/translatedView";
import { useDocument, useEditor } from "../store/EditorStoreContext";
import { selectCanvasLanguage } from "../store/editorStore";
import { type FlowEdge, type FlowNode, getBlockGroupIds, toFlowEdges, toFlowNodes } from "./flowNodes";

const byId = <T extends { id: string }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));

/**
 * The canvas nodes and edges, derived from the document and reconciled with what React
 * Flow owns (drag positions, sizes, selection). Unchanged groups keep their node objects.
 */
export function useCanvasElements() {
  // In another language than the default, the groups as that language reads them (ids unchanged).
  const groups = useEditor((state) =>
    getTranslatedGroups(state.history.present, selectCanvasLanguage(state)),
  );
  const events = useDocument((doc) => doc.events);
  const edges = useDocument((doc) => doc.edges);
  const [state, setState] = useState(() => ({
    groups,
    events,
    edges,
    nodes: toFlowNodes(events, groups, new Map()),
    flowEdges: toFlowEdges(edges, getBlockGroupIds(groups), new Map()),
  }));
  if (state.groups !== groups || state.events !== events || state.edges !== edges) {
    // Derived state updated during render: React re-renders before committing.
    const nodes =
      state.groups !== groups || state.events !== events
        ? toFlowNodes(events, groups, byId(state.nodes))
        : state.nodes;
    const flowEdges = toFlowEdges(edges, getBlockGroupIds(groups), byId(state.flowEdges));
    setState({ groups, events, edges, nodes, flowEdges });
  }
  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) =>
      setState((current) => ({ ...current, nodes: applyNodeChanges(changes, current.nodes) })),
    [],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<FlowEdge>[]) =>
      setState((current) => ({ ...current, flowEdges: applyEdgeChanges(changes, current.flowEdges) })),
    [],
  );
  return { nodes: state.nodes, edges: state.flowEdges, onNodesChange, onEdgesChange };
}
