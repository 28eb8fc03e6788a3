import { describe, expect, it } from "vitest";
import { moveBlock } from "../document/blocks";
import { renameGroup } from "../document/groups";
import { createTestDocument } from "../testing/createTestDocument";
import { type FlowEdge, type FlowNode, getBlockGroupIds, toFlowEdges, toFlowNodes } from "./flowNodes";

const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

describe("toFlowNodes", () => {
  it("builds an event node and group nodes with estimated handles for never-measured groups", () => {
    const doc = createTestDocument();
    const nodes = toFlowNodes(doc.events, doc.groups, new Map());
    expect(nodes.map((node) => [node.id, node.type])).toEqual([
      ["start", "event"],
      ["g1", "group"],
      ["g2", "group"],
      ["g3", "group"],
    ]);
    const g1 = nodes[1]!;
    expect(g1.initialWidth).toBe(300);
    expect(g1.handles?.map((handle) => handle.id)).toEqual([
      "in",
      "in:b1",
      "b:b1",
      "i:i1",
      "i:i2",
      "in:b2",
      "b:b2",
    ]);
  });

  it("keeps unchanged nodes, carries selection and size over to changed ones", () => {
    const doc = createTestDocument();
    const first = toFlowNodes(doc.events, doc.groups, new Map());
    const measured = first.map((node) =>
      node.id === "g2"
        ? ({ ...node, selected: true, measured: { width: 300, height: 90 } } as FlowNode)
        : node,
    );
    const renamed = renameGroup(doc, "g2", "Renamed");
    const second = toFlowNodes(renamed.events, renamed.groups, byId(measured));
    expect(second[1]).toBe(measured[1]);
    expect(second[2]).toMatchObject({ selected: true, measured: { width: 300, height: 90 } });
    expect(second[2]?.handles).toBeUndefined();
  });
});

describe("toFlowEdges", () => {
  it("maps exits to handles and follows a block into another group", () => {
    const doc = createTestDocument();
    const edges = toFlowEdges(doc.edges, getBlockGroupIds(doc.groups), new Map());
    expect(edges.map((edge) => [edge.source, edge.sourceHandle, edge.target, edge.targetHandle])).toEqual([
      ["start", "e:start", "g1", "in"],
      ["g1", "i:i1", "g2", "in"],
      ["g2", "b:b3", "g3", "in:b4"],
    ]);
    const moved = moveBlock(doc, "b3", "g1", 0);
    const next = toFlowEdges(moved.edges, getBlockGroupIds(moved.groups), byId<FlowEdge>(edges));
    expect(next[0]).toBe(edges[0]);
    expect(next.find((edge) => edge.id === "e2")?.source).toBe("g1");
  });
});
