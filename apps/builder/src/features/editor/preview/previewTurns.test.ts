import { describe, expect, it } from "vitest";
import {
  addPreviewAnswer,
  addPreviewBlock,
  addPreviewLogs,
  describePassedBlocks,
  listPreviewVariableRows,
  setPreviewVariables,
  startPreviewTurns,
} from "./previewTurns";

const log = (status: "error" | "success" | "info", description: string) => ({
  status,
  description,
  details: null,
  context: null,
});

describe("preview turns", () => {
  it("keeps every log of each turn and the variables before and after it", () => {
    let turns = startPreviewTurns();
    turns = addPreviewLogs(turns, [log("success", "Webhook sent")]);
    turns = setPreviewVariables(turns, { v1: "Ada" });
    turns = addPreviewAnswer(turns, "42");
    turns = addPreviewLogs(turns, [log("error", "Webhook failed"), log("error", "E-mail not sent")]);
    turns = addPreviewLogs(turns, [log("info", "Skipped")]);
    turns = setPreviewVariables(turns, { v1: "Ada", v2: ["a", null, "b"] });
    expect(turns.map((turn) => [turn.answer, turn.logs.map((entry) => entry.description)])).toEqual([
      [null, ["Webhook sent"]],
      ["42", ["Webhook failed", "E-mail not sent", "Skipped"]],
    ]);
    const declared = [
      { id: "v1", name: "Name" },
      { id: "v2", name: "Tags" },
    ];
    expect(listPreviewVariableRows(turns, 0, declared)).toEqual([
      { id: "v1", name: "Name", before: "—", after: "Ada", isChanged: true },
      { id: "v2", name: "Tags", before: "—", after: "—", isChanged: false },
    ]);
    expect(listPreviewVariableRows(turns, 1, [{ id: "v1", name: "Name" }])).toEqual([
      { id: "v2", name: "v2", before: "—", after: "a, b", isChanged: true },
      { id: "v1", name: "Name", before: "Ada", after: "Ada", isChanged: false },
    ]);
  });

  it("keeps the blocks each turn passed through, once each, named by their group", () => {
    let turns = startPreviewTurns();
    turns = addPreviewBlock(turns, "b-hi");
    turns = addPreviewBlock(turns, "b-name");
    turns = addPreviewAnswer(turns, "Ada");
    turns = addPreviewBlock(turns, "b-bye");
    turns = addPreviewBlock(turns, "b-bye");
    turns = addPreviewBlock(turns, "b-gone");
    expect(turns.map((turn) => turn.blockIds)).toEqual([
      ["b-hi", "b-name"],
      ["b-bye", "b-gone"],
    ]);
    const groups = [
      { title: "Ask", blocks: [{ id: "b-hi", type: "text" }] },
      { title: "Bye", blocks: [{ id: "b-bye", type: "text" }] },
    ];
    expect(describePassedBlocks(turns[1]?.blockIds ?? [], groups)).toEqual([
      { id: "b-bye", type: "text", groupTitle: "Bye" },
      { id: "b-gone", type: null, groupTitle: null },
    ]);
  });
});
