import { describe, expect, it } from "vitest";
import { getItems } from "../store/editorDocument";
import { createCounterId, createTestDocument } from "../testing/createTestDocument";
import { copyGroups, duplicateGroups, parseClipboard, pasteClipboard } from "./clipboard";
import { commitHistory, createHistory, redoHistory, undoHistory } from "./history";
import { locateBlock } from "./locate";
import type { FlowDocument } from "./types";
import {
  deleteVariable,
  findVariableUsages,
  renameVariable,
  updateVariable,
  validateVariableName,
} from "./variables";

describe("variables", () => {
  it("renames a variable and rewrites {{Name}} references; ids stay", () => {
    const doc = renameVariable(createTestDocument(), "v1", "First name");
    expect(doc.variables[0]).toEqual({ id: "v1", name: "First name" });
    expect(JSON.stringify(locateBlock(doc, "b1")?.block)).toContain("Hi {{First name}}");
    expect((locateBlock(doc, "b2")!.block as { options?: unknown }).options).toEqual({ variableId: "v1" });
  });

  it("lists usages by id and by name, and validates names", () => {
    const doc = createTestDocument();
    expect(findVariableUsages(doc, "v1").map((usage) => [usage.blockId, usage.kind])).toEqual([
      ["b1", "text"],
      ["b2", "reference"],
      ["b4", "reference"],
    ]);
    expect(findVariableUsages(doc, "v2").map((usage) => usage.blockId)).toEqual(["b3", "b4"]);
    expect(validateVariableName(doc, "Email")).toBe("taken");
    expect(validateVariableName(doc, "Email", "v2")).toBeNull();
    expect(validateVariableName(doc, " ")).toBe("missing");
    expect(validateVariableName(doc, "{{Email}}")).toBe("braces");
  });

  it("deletes a variable and clears the options that stored its id", () => {
    const doc = deleteVariable(createTestDocument(), "v1");
    expect(doc.variables.map((variable) => variable.id)).toEqual(["v2"]);
    expect((locateBlock(doc, "b2")!.block as { options?: unknown }).options).toEqual({});
    expect(findVariableUsages(doc, "v2").length).toBe(2);
  });

  it("marks session variables and sets default values", () => {
    const doc = updateVariable(createTestDocument(), "v2", { isSessionVariable: undefined, value: "a@b.c" });
    expect(doc.variables[1]).toEqual({ id: "v2", name: "Email", value: "a@b.c" });
  });
});

describe("clipboard", () => {
  it("copies groups as JSON and pastes them with fresh ids, keeping edges to existing groups", () => {
    const source = createTestDocument();
    const text = JSON.stringify(copyGroups(source, ["g1", "g2"]));
    const clipboard = parseClipboard(text);
    expect(clipboard?.groups.map((group) => group.id)).toEqual(["g1", "g2"]);
    const { doc, groupIds } = pasteClipboard(source, clipboard!, { x: 10, y: 20 }, createCounterId());
    expect(doc.groups).toHaveLength(5);
    const [pastedG1, pastedG2] = groupIds.map((id) => doc.groups.find((group) => group.id === id)!);
    expect(pastedG1?.graphCoordinates).toEqual({ x: 110, y: 20 });
    const pastedChoice = pastedG1!.blocks[1]!;
    const itemEdge = doc.edges.find((edge) => edge.id === getItems(pastedChoice)[0]?.outgoingEdgeId);
    // The item's edge now leads to the pasted copy of g2, not to g2.
    expect(itemEdge?.to.groupId).toBe(pastedG2?.id);
    // The email input's edge leads to g3, which exists in the target: kept.
    const emailEdge = doc.edges.find((edge) => edge.id === pastedG2!.blocks[0]!.outgoingEdgeId);
    expect(emailEdge?.to).toEqual({ groupId: "g3", blockId: "b4" });
    expect(new Set(doc.edges.map((edge) => edge.id)).size).toBe(doc.edges.length);
  });

  it("pastes into another bot: drops edges to absent groups and adds the variables", () => {
    const clipboard = copyGroups(createTestDocument(), ["g2"]);
    const empty: FlowDocument = {
      groups: [],
      edges: [],
      events: [],
      variables: [{ id: "other", name: "Name" }],
    };
    const { doc } = pasteClipboard(empty, clipboard, { x: 0, y: 0 }, createCounterId());
    expect(doc.edges).toEqual([]);
    expect(doc.groups[0]?.blocks[0]).not.toHaveProperty("outgoingEdgeId");
    expect(doc.variables.map((variable) => variable.name)).toEqual(["Name", "Email"]);
    const emailVariableId = doc.variables[1]?.id;
    expect((doc.groups[0]!.blocks[0] as { options?: unknown }).options).toEqual({
      variableId: emailVariableId,
    });
  });

  it("ignores foreign clipboard text and duplicates in place", () => {
    expect(parseClipboard("hello")).toBeNull();
    expect(parseClipboard('{"kind":"other"}')).toBeNull();
    const { doc, groupIds } = duplicateGroups(createTestDocument(), ["g3"], createCounterId());
    expect(doc.groups.find((group) => group.id === groupIds[0])?.graphCoordinates).toEqual({ x: 940, y: 40 });
  });
});

describe("history", () => {
  it("undoes and redoes exact snapshots and coalesces typing in one field", () => {
    let history = createHistory("a");
    history = commitHistory(history, "ab", { coalesceKey: "title", now: 0 });
    history = commitHistory(history, "abc", { coalesceKey: "title", now: 500 });
    history = commitHistory(history, "abcd", { now: 600 });
    expect(history.past).toEqual(["a", "abc"]);
    history = undoHistory(undoHistory(history));
    expect(history.present).toBe("a");
    history = redoHistory(history);
    expect(history.present).toBe("abc");
    history = commitHistory(history, "x", { now: 700 });
    expect(history.future).toEqual([]);
    expect(undoHistory(createHistory(1))).toEqual(createHistory(1));
  });
});
