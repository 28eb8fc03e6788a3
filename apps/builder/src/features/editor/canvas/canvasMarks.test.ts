import type { BotChange } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { marksFromBlocks, marksFromChanges } from "./canvasMarks";

const change = (kind: BotChange["kind"], type: BotChange["change"], id: string | null): BotChange => ({
  kind,
  change: type,
  id,
  groupId: null,
  label: "",
  fields: [],
});

describe("canvas marks", () => {
  it("marks the draft's added and changed groups and blocks, and counts what the canvas cannot show", () => {
    const marks = marksFromChanges([
      change("group", "added", "g-new"),
      change("group", "changed", "g-old"),
      change("block", "changed", "b-moved"),
      change("block", "removed", "b-gone"),
      change("edge", "added", "e-1"),
      change("variable", "changed", "v-1"),
      change("settings", "changed", null),
    ]);
    expect([...marks.byId]).toEqual([
      ["g-new", "added"],
      ["g-old", "changed"],
      ["b-moved", "changed"],
    ]);
    expect(marks.elsewhere).toBe(4);
  });

  it("marks the blocks a turn passed through", () => {
    expect([...marksFromBlocks(["b-1", "b-2"]).byId]).toEqual([
      ["b-1", "passed"],
      ["b-2", "passed"],
    ]);
  });
});
