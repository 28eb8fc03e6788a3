import { isSameSource, updateBlock } from "./locate";
import type { DocEdge, DocEdgeSource, FlowDocument } from "./types";

/** Writes `edgeId` (or removes it) as the `outgoingEdgeId` of the exit `source`. */
function setSourceEdgeId<D extends FlowDocument>(
  doc: D,
  source: DocEdgeSource,
  edgeId: string | undefined,
): D {
  if ("eventId" in source) {
    return {
      ...doc,
      events: doc.events.map((event) =>
        event.id === source.eventId ? withOutgoingEdge(event, edgeId) : event,
      ),
    };
  }
  return updateBlock(doc, source.blockId, (block) => {
    if (!source.itemId) return withOutgoingEdge(block, edgeId);
    return {
      ...block,
      items: block.items?.map((item) => {
        if (item.id !== source.itemId) return item;
        if (!source.pathId) return withOutgoingEdge(item, edgeId);
        return {
          ...item,
          paths: item.paths?.map((path) =>
            path.id === source.pathId ? withOutgoingEdge(path, edgeId) : path,
          ),
        };
      }),
    };
  });
}

function withOutgoingEdge<T extends { outgoingEdgeId?: string }>(value: T, edgeId: string | undefined): T {
  if (edgeId) return { ...value, outgoingEdgeId: edgeId };
  const { outgoingEdgeId: _removed, ...rest } = value;
  return rest as T;
}

/**
 * Connects the exit `from` to a group (or a block of it). An exit has one edge: the
 * previous edge of that exit is replaced.
 */
export function connectEdge<D extends FlowDocument>(doc: D, edge: DocEdge): D {
  const withoutPrevious = deleteEdges(
    doc,
    doc.edges.filter((existing) => isSameSource(existing.from, edge.from)).map((existing) => existing.id),
  );
  const connected = setSourceEdgeId(withoutPrevious, edge.from, edge.id);
  return { ...connected, edges: [...connected.edges, edge] };
}

/** Removes edges and clears the `outgoingEdgeId` of their exits. */
export function deleteEdges<D extends FlowDocument>(doc: D, edgeIds: readonly string[]): D {
  if (edgeIds.length === 0) return doc;
  const ids = new Set(edgeIds);
  const removed = doc.edges.filter((edge) => ids.has(edge.id));
  if (removed.length === 0) return doc;
  let next: D = { ...doc, edges: doc.edges.filter((edge) => !ids.has(edge.id)) };
  for (const edge of removed) next = setSourceEdgeId(next, edge.from, undefined);
  return next;
}

/** Edges leaving a block, through its default exit, its items or its card paths. */
export function getEdgesFromBlocks(doc: FlowDocument, blockIds: ReadonlySet<string>): DocEdge[] {
  return doc.edges.filter((edge) => "blockId" in edge.from && blockIds.has(edge.from.blockId));
}

/** Edges leaving one item (or its paths). */
export function getEdgesFromItem(doc: FlowDocument, blockId: string, itemId: string): DocEdge[] {
  return doc.edges.filter(
    (edge) => "blockId" in edge.from && edge.from.blockId === blockId && edge.from.itemId === itemId,
  );
}
