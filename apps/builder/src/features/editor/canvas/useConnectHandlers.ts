import type { Connection, FinalConnectionState, InternalNode } from "@xyflow/react";
import { useCallback } from "react";
import { createId } from "../createId";
import { connectEdge } from "../document/edges";
import { useEditorStore } from "../store/EditorStoreContext";
import type { EditorDocument } from "../store/editorDocument";
import { findEdgeSource } from "./handleIds";

/**
 * Connecting: dropping a handle's line on an entry handle, or anywhere on a group (its
 * start) or on one of its blocks (that block). A group is never connected to itself.
 */
export function useConnectHandlers() {
  const store = useEditorStore();
  const connect = useCallback(
    (sourceGroupId: string, sourceHandle: string, target: { groupId: string; blockId?: string }) => {
      if (sourceGroupId === target.groupId) return;
      store.getState().apply((doc) => {
        const from = findEdgeSource(doc, sourceHandle);
        if (!from) return doc;
        return connectEdge(doc, { id: createId(), from, to: normaliseTarget(doc, target) });
      });
    },
    [store],
  );
  const onConnect = useCallback(
    (connection: Connection) => {
      if (!connection.sourceHandle) return;
      const blockId = connection.targetHandle?.startsWith("in:")
        ? connection.targetHandle.slice(3)
        : undefined;
      connect(connection.source, connection.sourceHandle, { groupId: connection.target, blockId });
    },
    [connect],
  );
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState<InternalNode>) => {
      if (state.isValid || !state.fromHandle?.id || !state.fromNode) return;
      const point = "changedTouches" in event ? event.changedTouches[0] : event;
      if (!point) return;
      const element = document.elementFromPoint(point.clientX, point.clientY);
      const groupId = element?.closest<HTMLElement>("[data-group-id]")?.dataset.groupId;
      if (!groupId) return;
      const blockId = element?.closest<HTMLElement>("[data-block-id]")?.dataset.blockId;
      connect(state.fromNode.id, state.fromHandle.id, { groupId, blockId });
    },
    [connect],
  );
  return { onConnect, onConnectEnd };
}

/** An edge to a group's first block is an edge to the group. */
function normaliseTarget(doc: EditorDocument, target: { groupId: string; blockId?: string }) {
  const group = doc.groups.find((candidate) => candidate.id === target.groupId);
  if (!target.blockId || group?.blocks[0]?.id === target.blockId) return { groupId: target.groupId };
  return { groupId: target.groupId, blockId: target.blockId };
}
