import { jumpBlock } from "../blocks/logic/jump";
import type { BotDocument } from "../bot";
import type { Edge } from "../edge";
import type { JsonPath } from "../indexFlow";
import type { WarningSink } from "./jsonRecords";

/** Something an edge leaves from, with the ids an edge's `from` names it by. */
type Exit = {
  holder: { outgoingEdgeId?: string };
  eventId?: string;
  blockId?: string;
  itemId?: string;
  pathId?: string;
};

type Owner = { holder: { id: string }; path: JsonPath };

/**
 * Typebot's editor can leave an id used twice (a pasted block keeping its items' ids, a group
 * duplicated twice…). Each second use gets a new id (`<id>-2`, `-3`…), one warning each, and what
 * pointed at it is re-pointed where the flow tells which one was meant: the edge an exit names
 * (`outgoingEdgeId`), the group holding a targeted block. Elsewhere references keep the first.
 */
export function repairDuplicateIds(document: BotDocument, warn: WarningSink): BotDocument {
  const repaired = structuredClone(document);
  const exits = listExits(repaired);
  const rename = (kind: string, owners: Owner[], onRename: (owner: Owner, oldId: string) => void) => {
    const used = new Set(owners.map(({ holder }) => holder.id));
    const seen = new Set<string>();
    for (const owner of owners) {
      const oldId = owner.holder.id;
      if (!seen.has(oldId)) {
        seen.add(oldId);
        continue;
      }
      let suffix = 2;
      while (used.has(`${oldId}-${suffix}`)) suffix++;
      owner.holder.id = `${oldId}-${suffix}`;
      used.add(owner.holder.id);
      onRename(owner, oldId);
      warn({
        message: `The ${kind} id "${oldId}" was used twice; the second one is now "${owner.holder.id}"`,
        path: [...owner.path, "id"],
      });
    }
  };

  const claimedExits = new Set<Exit>();
  const edgeOwners = repaired.edges.map((edge, index) => ({ holder: edge, path: ["edges", index] }));
  const firstEdgeIds = new Set<string>();
  for (const { holder } of edgeOwners) {
    if (firstEdgeIds.has(holder.id)) continue;
    firstEdgeIds.add(holder.id);
    const exit = findExit(exits, holder.id, holder.from, claimedExits);
    if (exit) claimedExits.add(exit);
  }
  rename("edge", edgeOwners, ({ holder }, oldId) => {
    const edge = holder as Edge;
    const exit = findExit(exits, oldId, edge.from, claimedExits);
    if (!exit) return;
    claimedExits.add(exit);
    exit.holder.outgoingEdgeId = edge.id;
  });
  const edgesById = new Map(repaired.edges.map((edge) => [edge.id, edge]));
  const edgeOf = (holder: { outgoingEdgeId?: string }) =>
    holder.outgoingEdgeId === undefined ? undefined : edgesById.get(holder.outgoingEdgeId);
  const jumps = repaired.groups.flatMap((group) =>
    group.blocks.flatMap((block) => (block.type === jumpBlock.type && block.options ? [block.options] : [])),
  );

  rename(
    "group",
    repaired.groups.map((group, index) => ({ holder: group, path: ["groups", index] })),
    ({ holder }, oldId) => {
      const group = repaired.groups.find((candidate) => candidate === holder)!;
      const blockIds = new Set(group.blocks.map((block) => block.id));
      for (const target of [...repaired.edges.map((edge) => edge.to), ...jumps])
        if (target.groupId === oldId && target.blockId !== undefined && blockIds.has(target.blockId))
          target.groupId = group.id;
    },
  );

  const blockOwners = repaired.groups.flatMap((group, groupIndex) =>
    group.blocks.map((block, blockIndex) => ({
      holder: block,
      path: ["groups", groupIndex, "blocks", blockIndex],
      group,
    })),
  );
  const firstGroupOfBlock = new Map<string, string>();
  for (const { holder, group } of blockOwners)
    if (!firstGroupOfBlock.has(holder.id)) firstGroupOfBlock.set(holder.id, group.id);
  rename("block", blockOwners, (owner, oldId) => {
    const { holder: block, group } = blockOwners.find((candidate) => candidate.holder === owner.holder)!;
    for (const exit of exits)
      if (exit.blockId === oldId && getExitOwner(exit) === block) {
        exit.blockId = block.id;
        const edge = edgeOf(exit.holder);
        if (edge && !("eventId" in edge.from) && edge.from.blockId === oldId) edge.from.blockId = block.id;
      }
    // A target in another group than the first block of that id meant this one.
    if (firstGroupOfBlock.get(oldId) === group.id) return;
    for (const target of [...repaired.edges.map((edge) => edge.to), ...jumps])
      if (target.blockId === oldId && target.groupId === group.id) target.blockId = block.id;
  });

  const itemOwners: (Owner & { exit: Exit })[] = exits.flatMap((exit) =>
    exit.itemId !== undefined || exit.pathId !== undefined
      ? [{ holder: exit.holder as { id: string }, path: exitPaths.get(exit)!, exit }]
      : [],
  );
  rename("item", itemOwners, (owner, oldId) => {
    const { exit } = itemOwners.find((candidate) => candidate.holder === owner.holder)!;
    const edge = edgeOf(exit.holder);
    if (!edge || "eventId" in edge.from) return;
    if (exit.pathId !== undefined && edge.from.pathId === oldId) edge.from.pathId = owner.holder.id;
    else if (edge.from.itemId === oldId) edge.from.itemId = owner.holder.id;
  });

  rename(
    "event",
    repaired.events.map((event, index) => ({ holder: event, path: ["events", index] })),
    ({ holder }) => {
      const edge = edgeOf(holder as { outgoingEdgeId?: string });
      if (edge && "eventId" in edge.from) edge.from.eventId = holder.id;
    },
  );
  rename(
    "variable",
    repaired.variables.map((variable, index) => ({ holder: variable, path: ["variables", index] })),
    () => {},
  );
  return repaired;
}

const exitPaths = new WeakMap<Exit, JsonPath>();
const exitOwners = new WeakMap<Exit, object>();
const getExitOwner = (exit: Exit) => exitOwners.get(exit);

/** Every exit of the flow in document order: events, blocks, their items and card paths. */
function listExits(document: BotDocument): Exit[] {
  const exits: Exit[] = [];
  const add = (exit: Exit, path: JsonPath, owner: object) => {
    exits.push(exit);
    exitPaths.set(exit, path);
    exitOwners.set(exit, owner);
  };
  document.events.forEach((event, index) => {
    add({ holder: event, eventId: event.id }, ["events", index], event);
  });
  document.groups.forEach((group, groupIndex) => {
    group.blocks.forEach((block, blockIndex) => {
      const path = ["groups", groupIndex, "blocks", blockIndex];
      add({ holder: block, blockId: block.id }, path, block);
      if (!("items" in block)) return;
      block.items.forEach((item, itemIndex) => {
        const itemPath = [...path, "items", itemIndex];
        // A card item has no exit of its own (its paths do), but its id is still one to keep unique.
        add({ holder: item as Exit["holder"], blockId: block.id, itemId: item.id }, itemPath, block);
        if (!("paths" in item)) return;
        item.paths?.forEach((cardPath, pathIndex) => {
          add(
            { holder: cardPath, blockId: block.id, pathId: cardPath.id },
            [...itemPath, "paths", pathIndex],
            block,
          );
        });
      });
    });
  });
  return exits;
}

/** The first exit not yet claimed by an edge that names edge `edgeId` and matches the edge's `from`. */
function findExit(exits: Exit[], edgeId: string, from: Edge["from"], claimed: Set<Exit>): Exit | undefined {
  return exits.find((exit) => {
    if (exit.holder.outgoingEdgeId !== edgeId || claimed.has(exit)) return false;
    if ("eventId" in from) return exit.eventId === from.eventId;
    return (
      exit.blockId === from.blockId &&
      exit.itemId === (from.pathId === undefined ? from.itemId : undefined) &&
      exit.pathId === from.pathId
    );
  });
}
