import { describe, expect, it } from "vitest";
import { type EditorDocument, getItemPaths, getItems } from "../store/editorDocument";
import { createCounterId, createTestDocument } from "../testing/createTestDocument";
import {
  deleteBlocks,
  deleteGroups,
  duplicateBlock,
  insertBlock,
  moveBlock,
  moveBlockToNewGroup,
} from "./blocks";
import { connectEdge, deleteEdges } from "./edges";
import { getNextGroupTitle, moveNodes, renameGroup } from "./groups";
import { deleteCardPath, deleteItem, insertItem, moveItem } from "./items";
import { locateBlock } from "./locate";

/** The items of a block of the document (undefined when it is not there). */
function itemsOf(doc: EditorDocument, blockId: string) {
  const block = locateBlock(doc, blockId)?.block;
  return block ? getItems(block) : undefined;
}

describe("edges", () => {
  it("connects an exit and replaces the edge it had", () => {
    const doc = connectEdge(createTestDocument(), {
      id: "e9",
      from: { blockId: "b2", itemId: "i1" },
      to: { groupId: "g3" },
    });
    expect(doc.edges.map((edge) => edge.id)).toEqual(["e0", "e2", "e9"]);
    expect(itemsOf(doc, "b2")?.[0]?.outgoingEdgeId).toBe("e9");
  });

  it("connects the start event, a block exit and a card path", () => {
    let doc = connectEdge(createTestDocument(), {
      id: "s",
      from: { eventId: "start" },
      to: { groupId: "g2" },
    });
    expect(doc.events[0]?.outgoingEdgeId).toBe("s");
    doc = connectEdge(doc, { id: "x", from: { blockId: "b1" }, to: { groupId: "g3" } });
    expect(locateBlock(doc, "b1")?.block.outgoingEdgeId).toBe("x");
    doc = insertItem(doc, "b4", { id: "card", paths: [{ id: "p1" }] });
    doc = connectEdge(doc, {
      id: "y",
      from: { blockId: "b4", itemId: "card", pathId: "p1" },
      to: { groupId: "g1" },
    });
    expect(getItemPaths(itemsOf(doc, "b4")![1]!)?.[0]?.outgoingEdgeId).toBe("y");
    doc = deleteCardPath(doc, "b4", "card", "p1");
    expect(doc.edges.some((edge) => edge.id === "y")).toBe(false);
    expect(getItemPaths(itemsOf(doc, "b4")![1]!)).toEqual([]);
  });

  it("deletes an edge and clears its exit", () => {
    const doc = deleteEdges(createTestDocument(), ["e1", "e0"]);
    expect(doc.edges.map((edge) => edge.id)).toEqual(["e2"]);
    expect(doc.events[0]).not.toHaveProperty("outgoingEdgeId");
    expect(itemsOf(doc, "b2")?.[0]).toEqual({ id: "i1", content: "A" });
  });
});

describe("blocks", () => {
  it("inserts a block at a position and keeps the other groups as they were", () => {
    const before = createTestDocument();
    const doc = insertBlock(before, "g1", { id: "new", type: "Wait" }, 1);
    expect(doc.groups[0]?.blocks.map((block) => block.id)).toEqual(["b1", "new", "b2"]);
    expect(doc.groups[1]).toBe(before.groups[1]);
  });

  it("reorders inside a group (index counted before the move)", () => {
    const doc = moveBlock(createTestDocument(), "b1", "g1", 2);
    expect(doc.groups[0]?.blocks.map((block) => block.id)).toEqual(["b2", "b1"]);
    const same = createTestDocument();
    expect(moveBlock(same, "b1", "g1", 1)).toBe(same);
  });

  it("moves a block to another group; edges landing on it follow; an emptied group disappears", () => {
    const doc = moveBlock(createTestDocument(), "b4", "g2", 0);
    expect(doc.groups.map((group) => group.id)).toEqual(["g1", "g2"]);
    expect(doc.groups[1]?.blocks.map((block) => block.id)).toEqual(["b4", "b3"]);
    expect(doc.edges.find((edge) => edge.id === "e2")?.to).toEqual({ groupId: "g2", blockId: "b4" });
  });

  it("moves a block into a new group", () => {
    const doc = moveBlockToNewGroup(createTestDocument(), "b1", {
      id: "g9",
      title: "Group #9",
      graphCoordinates: { x: 5, y: 6 },
    });
    expect(doc.groups.find((group) => group.id === "g9")?.blocks.map((block) => block.id)).toEqual(["b1"]);
    expect(doc.groups.find((group) => group.id === "g1")?.blocks.map((block) => block.id)).toEqual(["b2"]);
  });

  it("deletes blocks with the edges leaving and landing on them, and emptied groups with theirs", () => {
    const doc = deleteBlocks(createTestDocument(), ["b3"]);
    expect(doc.groups.map((group) => group.id)).toEqual(["g1", "g3"]);
    // e1 landed on g2 (deleted with it), e2 left b3.
    expect(doc.edges.map((edge) => edge.id)).toEqual(["e0"]);
    expect(itemsOf(doc, "b2")?.[0]).not.toHaveProperty("outgoingEdgeId");
  });

  it("duplicates a block after itself with fresh ids and no edges", () => {
    const doc = duplicateBlock(createTestDocument(), "b2", createCounterId());
    const copy = doc.groups[0]!.blocks[2]!;
    expect(doc.groups[0]!.blocks.map((block) => block.id)).toEqual(["b1", "b2", "new-1"]);
    expect(getItems(copy)).toEqual([
      { id: "new-2", content: "A" },
      { id: "new-3", content: "B" },
    ]);
    expect(doc.edges).toHaveLength(3);
  });

  it("deletes groups and every edge touching them", () => {
    const doc = deleteGroups(createTestDocument(), ["g1"]);
    expect(doc.edges.map((edge) => edge.id)).toEqual(["e2"]);
    expect(doc.events[0]).not.toHaveProperty("outgoingEdgeId");
  });
});

describe("groups and items", () => {
  it("renames and moves nodes; unchanged positions keep their objects", () => {
    const before = createTestDocument();
    const doc = moveNodes(
      renameGroup(before, "g2", "Ask the email"),
      new Map([
        ["g1", { x: 1, y: 2 }],
        ["start", { x: 0, y: 0 }],
      ]),
    );
    expect(doc.groups[0]?.graphCoordinates).toEqual({ x: 1, y: 2 });
    expect(doc.groups[1]?.title).toBe("Ask the email");
    expect(doc.events[0]).toBe(before.events[0]);
  });

  it("names new groups after the highest number", () => {
    const doc = renameGroup(createTestDocument(), "g3", "Group #7");
    expect(getNextGroupTitle(doc)).toBe("Group #8");
  });

  it("adds, reorders and deletes items (with their edges)", () => {
    let doc = insertItem(createTestDocument(), "b2", { id: "i0" }, 0);
    doc = moveItem(doc, "b2", 0, 2);
    expect(itemsOf(doc, "b2")?.map((item) => item.id)).toEqual(["i1", "i2", "i0"]);
    doc = deleteItem(doc, "b2", "i1");
    expect(itemsOf(doc, "b2")?.map((item) => item.id)).toEqual(["i2", "i0"]);
    expect(doc.edges.some((edge) => edge.id === "e1")).toBe(false);
  });
});
