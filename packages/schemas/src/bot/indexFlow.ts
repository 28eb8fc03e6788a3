import type { BotDocument } from "./bot";
import type { Edge, EdgeSource } from "./edge";

export type JsonPath = (string | number)[];

/** Something an edge can leave from: an event, a block, an item or a card path. */
export type FlowExit = {
  /** Owning block (absent for events). */
  blockId?: string;
  outgoingEdgeId?: string;
  /** JSON path of the event, block, item or path object. */
  path: JsonPath;
};

export type FlowIndex = {
  groups: Map<string, { path: JsonPath }>;
  blocks: Map<string, { groupId: string; path: JsonPath }>;
  exits: Map<string, FlowExit>;
  edges: Map<string, { edge: Edge; path: JsonPath }>;
  variableIds: Set<string>;
  /** Ids used twice within one kind, with the path of the second use. */
  duplicates: { kind: string; id: string; path: JsonPath }[];
};

/** The key of the exit an edge leaves from (`pathId` and `itemId` are unique within the flow). */
export function getExitKey(from: EdgeSource): string {
  if ("eventId" in from) return `event:${from.eventId}`;
  if (from.pathId !== undefined) return `path:${from.pathId}`;
  if (from.itemId !== undefined) return `item:${from.itemId}`;
  return `block:${from.blockId}`;
}

/** Lookup tables of a flow, built in one pass. */
export function indexFlow(document: BotDocument): FlowIndex {
  const index: FlowIndex = {
    groups: new Map(),
    blocks: new Map(),
    exits: new Map(),
    edges: new Map(),
    variableIds: new Set(),
    duplicates: [],
  };
  const seen = new Map<string, Set<string>>();
  const claim = (kind: string, id: string, path: JsonPath) => {
    const ids = seen.get(kind) ?? seen.set(kind, new Set()).get(kind)!;
    if (ids.has(id)) index.duplicates.push({ kind, id, path: [...path, "id"] });
    ids.add(id);
  };

  document.events.forEach((event, eventIndex) => {
    const path = ["events", eventIndex];
    claim("event", event.id, path);
    index.exits.set(`event:${event.id}`, { outgoingEdgeId: event.outgoingEdgeId, path });
  });
  document.groups.forEach((group, groupIndex) => {
    const groupPath = ["groups", groupIndex];
    claim("group", group.id, groupPath);
    index.groups.set(group.id, { path: groupPath });
    group.blocks.forEach((block, blockIndex) => {
      const blockPath = [...groupPath, "blocks", blockIndex];
      claim("block", block.id, blockPath);
      index.blocks.set(block.id, { groupId: group.id, path: blockPath });
      index.exits.set(`block:${block.id}`, {
        blockId: block.id,
        outgoingEdgeId: block.outgoingEdgeId,
        path: blockPath,
      });
      if (!("items" in block)) return;
      block.items.forEach((item, itemIndex) => {
        const itemPath = [...blockPath, "items", itemIndex];
        claim("item", item.id, itemPath);
        const outgoingEdgeId = "outgoingEdgeId" in item ? item.outgoingEdgeId : undefined;
        index.exits.set(`item:${item.id}`, { blockId: block.id, outgoingEdgeId, path: itemPath });
        if (!("paths" in item)) return;
        item.paths?.forEach((cardPath, pathIndex) => {
          const path = [...itemPath, "paths", pathIndex];
          claim("item", cardPath.id, path);
          index.exits.set(`path:${cardPath.id}`, {
            blockId: block.id,
            outgoingEdgeId: cardPath.outgoingEdgeId,
            path,
          });
        });
      });
    });
  });
  document.edges.forEach((edge, edgeIndex) => {
    const path = ["edges", edgeIndex];
    claim("edge", edge.id, path);
    if (!index.edges.has(edge.id)) index.edges.set(edge.id, { edge, path });
  });
  document.variables.forEach((variable, variableIndex) => {
    claim("variable", variable.id, ["variables", variableIndex]);
    index.variableIds.add(variable.id);
  });
  return index;
}
