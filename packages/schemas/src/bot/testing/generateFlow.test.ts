import { describe, expect, it } from "vitest";
import { blockTypes } from "../blocks";
import { botDocumentSchema } from "../bot";
import { checkBotIntegrity } from "../integrity";
import { generateFlow } from "./generateFlow";

/** Groups reached from the start by following edges (a block's or any of its items'). */
function getReachableGroupIds(flow: ReturnType<typeof generateFlow>) {
  const edgesByBlock = new Map<string, typeof flow.edges>();
  for (const edge of flow.edges)
    if ("blockId" in edge.from)
      edgesByBlock.set(edge.from.blockId, [...(edgesByBlock.get(edge.from.blockId) ?? []), edge]);
  const groups = new Map(flow.groups.map((group) => [group.id, group]));
  const startEdge = flow.edges.find((edge) => edge.id === flow.events[0]!.outgoingEdgeId)!;
  const reached = new Set<string>();
  const pending = [startEdge.to.groupId];
  while (pending.length > 0) {
    const groupId = pending.pop()!;
    if (reached.has(groupId)) continue;
    reached.add(groupId);
    for (const block of groups.get(groupId)!.blocks)
      for (const edge of edgesByBlock.get(block.id) ?? []) pending.push(edge.to.groupId);
  }
  return reached;
}

describe("generateFlow", () => {
  it("builds the 500-group / 3,000-block benchmark flow, valid and fully reachable", () => {
    const flow = generateFlow({ groupCount: 500, blockCount: 3000 });
    expect(flow.groups).toHaveLength(500);
    expect(flow.groups.flatMap((group) => group.blocks)).toHaveLength(3000);
    expect(flow.variables).toHaveLength(100);
    expect(flow.edges.length).toBeGreaterThan(500);
    expect(botDocumentSchema.parse(flow)).toEqual(flow);
    expect(checkBotIntegrity(flow)).toEqual([]);
    expect(getReachableGroupIds(flow).size).toBe(500);
    const kinds = new Set(flow.groups.flatMap((group) => group.blocks.map((block) => block.type)));
    expect([...kinds].sort()).toEqual([
      "AB test",
      "Condition",
      "Set variable",
      "choice input",
      "email input",
      "image",
      "number input",
      "text",
      "text input",
    ]);
  });

  it("draws every block kind when asked, still valid", () => {
    const flow = generateFlow({
      groupCount: 40,
      blockCount: 400,
      seed: 7,
      blockMix: Object.fromEntries(blockTypes.map((type) => [type, 1])),
    });
    expect(botDocumentSchema.parse(flow)).toEqual(flow);
    expect(checkBotIntegrity(flow)).toEqual([]);
    const kinds = new Set(flow.groups.flatMap((group) => group.blocks.map((block) => block.type)));
    expect(kinds.size).toBe(blockTypes.length);
  });

  it("is deterministic for a seed and varies with it", () => {
    const options = { groupCount: 20, blockCount: 90 };
    expect(generateFlow({ ...options, seed: 3 })).toEqual(generateFlow({ ...options, seed: 3 }));
    expect(generateFlow({ ...options, seed: 3 })).not.toEqual(generateFlow({ ...options, seed: 4 }));
  });

  it("spreads blocks evenly and refuses impossible sizes", () => {
    const flow = generateFlow({ groupCount: 3, blockCount: 8 });
    expect(flow.groups.map((group) => group.blocks.length)).toEqual([3, 3, 2]);
    expect(() => generateFlow({ groupCount: 5, blockCount: 4 })).toThrow(RangeError);
    expect(() => generateFlow({ groupCount: 0, blockCount: 4 })).toThrow(RangeError);
    expect(() => generateFlow({ groupCount: 1, blockCount: 1, blockMix: { text: 0 } })).toThrow(RangeError);
  });
});
