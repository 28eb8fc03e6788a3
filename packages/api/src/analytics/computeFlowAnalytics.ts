import type { FlowSnapshot } from "@parley/engine";
import { type AbTestBlock, type Block, hasItems, isInputBlock } from "@parley/schemas";
import { compareProportions, type ProportionComparison } from "./compareProportions";

export interface FlowCounts {
  totalViews: number;
  /** Distinct results that answered each input block. */
  answeredByBlock: Map<string, number>;
  /** Distinct results that took each off-default-path edge (item, condition path). */
  visitedByEdge: Map<string, number>;
  /** Of those, the results that reached the end of the flow. */
  completedByEdge: Map<string, number>;
}

export interface AbTestPathStats {
  path: "a" | "b";
  chats: number;
  completed: number | null;
  completionRate: number | null;
}

export interface FlowAnalytics {
  totalViews: number;
  groups: { groupId: string; reached: number }[];
  inputs: {
    blockId: string;
    groupId: string;
    reached: number;
    answered: number;
    dropOff: number;
    dropOffRate: number;
  }[];
  abTests: {
    blockId: string;
    groupId: string;
    paths: AbTestPathStats[];
    completionRate: ProportionComparison;
  }[];
}

/**
 * Where chats went in the flow, from counts the runtime stores: every chat
 * enters at the start event; at an input, the chats that answered go on and
 * the others dropped off there; at a block with items (choices, condition
 * paths), each item's edge takes the chats recorded on it and the default
 * path the rest. Each entry point is walked once, so loops add to a group's
 * reach without being walked again.
 */
export function computeFlowAnalytics(
  flow: Pick<FlowSnapshot, "events" | "groups" | "edges">,
  counts: FlowCounts,
): FlowAnalytics {
  const edges = new Map(flow.edges.map((edge) => [edge.id, edge]));
  const groups = new Map(flow.groups.map((group) => [group.id, group]));
  const reachedByGroup = new Map<string, number>();
  const reachedByInput = new Map<string, number>();
  /** Chats that arrived at each AB test block (a path without its own edge keeps those the other did not take). */
  const reachedByAbTest = new Map<string, number>();
  const arrivals = new Map<string, number>();
  const queue: string[] = [];
  const walked = new Set<string>();

  const send = (edgeId: string | undefined, chats: number) => {
    const edge = edgeId ? edges.get(edgeId) : undefined;
    const group = edge ? groups.get(edge.to.groupId) : undefined;
    if (!edge || !group || chats <= 0) return;
    const index = Math.max(0, edge.to.blockId ? group.blocks.findIndex((b) => b.id === edge.to.blockId) : 0);
    const key = `${group.id}|${index}`;
    arrivals.set(key, (arrivals.get(key) ?? 0) + chats);
    reachedByGroup.set(group.id, (reachedByGroup.get(group.id) ?? 0) + chats);
    if (!walked.has(key) && !queue.includes(key)) queue.push(key);
  };

  /** Sends chats along a block's item edges; returns how many stay on the default path. */
  const splitOverItems = (block: Block, chats: number) => {
    let remaining = chats;
    for (const item of hasItems(block) ? block.items : []) {
      // A card has no exit of its own: its paths do.
      const edgeId = "outgoingEdgeId" in item ? item.outgoingEdgeId : undefined;
      if (!edgeId) continue;
      const taken = Math.min(remaining, counts.visitedByEdge.get(edgeId) ?? 0);
      send(edgeId, taken);
      remaining -= taken;
    }
    return remaining;
  };

  const start = flow.events.find((event) => event.type === "start");
  send(start?.outgoingEdgeId, counts.totalViews);

  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    walked.add(key);
    const [groupId = "", index] = key.split("|");
    const group = groups.get(groupId);
    let chats = arrivals.get(key) ?? 0;
    for (const block of group?.blocks.slice(Number(index)) ?? []) {
      if (chats <= 0) break;
      if (isInputBlock(block)) {
        reachedByInput.set(block.id, (reachedByInput.get(block.id) ?? 0) + chats);
        chats = Math.min(chats, counts.answeredByBlock.get(block.id) ?? 0);
      }
      if (block.type === "AB test")
        reachedByAbTest.set(block.id, (reachedByAbTest.get(block.id) ?? 0) + chats);
      chats = splitOverItems(block, chats);
      if (block.outgoingEdgeId) {
        send(block.outgoingEdgeId, chats);
        break;
      }
    }
  }

  return {
    totalViews: counts.totalViews,
    groups: flow.groups.map((group) => ({ groupId: group.id, reached: reachedByGroup.get(group.id) ?? 0 })),
    inputs: flow.groups.flatMap((group) =>
      group.blocks.filter(isInputBlock).map((block) => {
        const answered = counts.answeredByBlock.get(block.id) ?? 0;
        const reached = Math.max(reachedByInput.get(block.id) ?? 0, answered);
        const dropOff = reached - answered;
        return {
          blockId: block.id,
          groupId: group.id,
          reached,
          answered,
          dropOff,
          dropOffRate: reached === 0 ? 0 : dropOff / reached,
        };
      }),
    ),
    abTests: flow.groups.flatMap((group) =>
      group.blocks.flatMap((block) =>
        block.type === "AB test"
          ? [{ blockId: block.id, groupId: group.id, ...compareAbTestPaths(block, counts, reachedByAbTest) }]
          : [],
      ),
    ),
  };
}

/**
 * An AB test block's two paths: a path with its own edge counts the chats recorded on it (VisitedEdge) and
 * those of them that completed; a path without one keeps the chats that reached the block and did not take the
 * other, and its completion is not told apart from the block's next one (null). Path b is compared with a.
 */
function compareAbTestPaths(
  block: AbTestBlock,
  counts: FlowCounts,
  reachedByAbTest: ReadonlyMap<string, number>,
): { paths: AbTestPathStats[]; completionRate: ProportionComparison } {
  const edgeOf = (path: "a" | "b") => block.items.find((item) => item.path === path)?.outgoingEdgeId;
  const taken = (path: "a" | "b") => {
    const edgeId = edgeOf(path);
    return edgeId ? (counts.visitedByEdge.get(edgeId) ?? 0) : null;
  };
  const paths = (["a", "b"] as const).map((path): AbTestPathStats => {
    const edgeId = edgeOf(path);
    const chats =
      taken(path) ??
      Math.max(0, (reachedByAbTest.get(block.id) ?? 0) - (taken(path === "a" ? "b" : "a") ?? 0));
    const completed = edgeId ? Math.min(chats, counts.completedByEdge.get(edgeId) ?? 0) : null;
    return {
      path,
      chats,
      completed,
      completionRate: completed === null || chats === 0 ? null : completed / chats,
    };
  });
  // A path whose completion is not told apart counts as no trials: nothing is compared.
  const asProportion = (stats: AbTestPathStats) =>
    stats.completed === null
      ? { successes: 0, trials: 0 }
      : { successes: stats.completed, trials: stats.chats };
  const [a, b] = paths as [AbTestPathStats, AbTestPathStats];
  const completionRate = compareProportions(asProportion(a), asProportion(b));
  return { paths, completionRate };
}
