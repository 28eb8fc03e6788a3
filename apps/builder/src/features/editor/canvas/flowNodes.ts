import type { Edge, Node } from "@xyflow/react";
import type { DocEdge, DocEvent, DocGroup } from "../document/types";
import type { EditorBlock } from "../store/editorDocument";
import { estimateGroupLayout } from "./groupLayout";
import { getSourceHandleId, getTargetHandleId } from "./handleIds";

export type GroupFlowNode = Node<{ group: DocGroup<EditorBlock> }, "group">;
export type EventFlowNode = Node<{ event: DocEvent }, "event">;
export type FlowNode = GroupFlowNode | EventFlowNode;
export type FlowEdge = Edge<{ edge: DocEdge }, "flow">;

/**
 * The canvas nodes for the document's events and groups. A node whose group (or event)
 * is the same object as before is returned as the same node object, so React Flow and
 * the memoised node components skip it; what React Flow learnt about a node (its measured
 * size, whether it is selected) carries over.
 */
export function toFlowNodes(
  events: readonly DocEvent[],
  groups: readonly DocGroup<EditorBlock>[],
  previous: ReadonlyMap<string, FlowNode>,
): FlowNode[] {
  const nodes: FlowNode[] = [];
  for (const event of events) {
    const found = previous.get(event.id);
    const before = found?.type === "event" ? found : undefined;
    if (before && before.data.event === event) nodes.push(before);
    else
      nodes.push({
        ...carriedOver(before),
        id: event.id,
        type: "event",
        position: event.graphCoordinates,
        data: { event },
        deletable: false,
      });
  }
  for (const group of groups) {
    const found = previous.get(group.id);
    const before = found?.type === "group" ? found : undefined;
    if (before && before.data.group === group) {
      nodes.push(before);
      continue;
    }
    const node: GroupFlowNode = {
      ...carriedOver(before),
      id: group.id,
      type: "group",
      position: group.graphCoordinates,
      data: { group },
    };
    if (!node.measured) {
      const estimate = estimateGroupLayout(group.blocks);
      node.initialWidth = estimate.width;
      node.initialHeight = estimate.height;
      node.handles = estimate.handles;
    }
    nodes.push(node);
  }
  return nodes;
}

function carriedOver(before: FlowNode | undefined): Partial<FlowNode> {
  if (!before) return {};
  const carried: Partial<FlowNode> = {};
  if (before.selected) carried.selected = true;
  if (before.measured) carried.measured = before.measured;
  return carried;
}

/** The canvas edges; an edge keeps its object while its document edge is the same. */
export function toFlowEdges(
  edges: readonly DocEdge[],
  blockGroupIds: ReadonlyMap<string, string>,
  previous: ReadonlyMap<string, FlowEdge>,
): FlowEdge[] {
  const flowEdges: FlowEdge[] = [];
  for (const edge of edges) {
    const source = "eventId" in edge.from ? edge.from.eventId : blockGroupIds.get(edge.from.blockId);
    if (!source || (!blockGroupIds.has(edge.to.blockId ?? "") && edge.to.blockId)) continue;
    const before = previous.get(edge.id);
    if (before && before.data?.edge === edge && before.source === source) {
      flowEdges.push(before);
      continue;
    }
    flowEdges.push({
      id: edge.id,
      type: "flow",
      source,
      sourceHandle: getSourceHandleId(edge.from),
      target: edge.to.groupId,
      targetHandle: getTargetHandleId(edge),
      data: { edge },
      ...(before?.selected ? { selected: true } : {}),
    });
  }
  return flowEdges;
}

/** Which group holds each block. */
export function getBlockGroupIds(groups: readonly DocGroup<EditorBlock>[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const group of groups) for (const block of group.blocks) index.set(block.id, group.id);
  return index;
}
