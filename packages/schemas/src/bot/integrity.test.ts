import { describe, expect, it } from "vitest";
import type { BotDocument } from "./bot";
import { checkBotIntegrity } from "./integrity";
import { createSampleBlock } from "./testing/createSampleBlock";

/** Start → g1 [text, choice(a → g2, b → default)] ; g2 [cards(path → g1), jump → g1] */
function createDocument(): BotDocument {
  const choice = createSampleBlock("choice input", { id: "choice", variableId: "v1" });
  choice.items[0]!.outgoingEdgeId = "e-item";
  choice.outgoingEdgeId = "e-default";
  const cards = createSampleBlock("cards", { id: "cards", variableId: "v1" });
  cards.items[0]!.paths![0]!.outgoingEdgeId = "e-path";
  return {
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g1",
        title: "One",
        graphCoordinates: { x: 200, y: 0 },
        blocks: [createSampleBlock("text", { id: "text", variableId: "v1" }), choice],
      },
      {
        id: "g2",
        title: "Two",
        graphCoordinates: { x: 400, y: 0 },
        blocks: [cards, { id: "jump", type: "Jump", options: { groupId: "g1", blockId: "choice" } }],
      },
    ],
    edges: [
      { id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } },
      { id: "e-item", from: { blockId: "choice", itemId: "choice-a" }, to: { groupId: "g2" } },
      { id: "e-default", from: { blockId: "choice" }, to: { groupId: "g2", blockId: "cards" } },
      {
        id: "e-path",
        from: { blockId: "cards", itemId: "cards-card", pathId: "cards-path" },
        to: { groupId: "g1" },
      },
    ],
    variables: [{ id: "v1", name: "Answer" }],
    theme: {},
    settings: {},
  };
}

const codesAndPaths = (document: BotDocument) =>
  checkBotIntegrity(document).map(({ code, path }) => ({ code, path }));

describe("checkBotIntegrity", () => {
  it("accepts a consistent flow", () => {
    expect(checkBotIntegrity(createDocument())).toEqual([]);
  });

  it("reports duplicate ids of every kind", () => {
    const document = createDocument();
    document.groups[1]!.id = "g1";
    document.variables.push({ id: "v1", name: "Again" });
    document.groups[1]!.blocks[1]!.id = "text";
    expect(codesAndPaths(document)).toEqual(
      expect.arrayContaining([
        { code: "DUPLICATE_ID", path: ["groups", 1, "id"] },
        { code: "DUPLICATE_ID", path: ["groups", 1, "blocks", 1, "id"] },
        { code: "DUPLICATE_ID", path: ["variables", 1, "id"] },
      ]),
    );
  });

  it("requires the start event first and alone", () => {
    const document = createDocument();
    document.events.unshift({ id: "cmd", type: "command", graphCoordinates: { x: 0, y: 0 } });
    expect(codesAndPaths(document)).toEqual([{ code: "MISSING_START_EVENT", path: ["events", 0] }]);
    const twoStarts = createDocument();
    twoStarts.events.push({ id: "start2", type: "start", graphCoordinates: { x: 0, y: 0 } });
    expect(codesAndPaths(twoStarts)).toEqual([{ code: "MISSING_START_EVENT", path: ["events", 1, "type"] }]);
  });

  it("reports edge ends that do not exist", () => {
    const document = createDocument();
    document.edges.push(
      { id: "x1", from: { eventId: "nope" }, to: { groupId: "g1" } },
      { id: "x2", from: { blockId: "choice", itemId: "nope" }, to: { groupId: "g9" } },
      { id: "x3", from: { blockId: "text" }, to: { groupId: "g1", blockId: "cards" } },
    );
    expect(codesAndPaths(document)).toEqual([
      { code: "UNKNOWN_REFERENCE", path: ["edges", 4, "from", "eventId"] },
      { code: "UNKNOWN_REFERENCE", path: ["edges", 5, "from", "itemId"] },
      { code: "UNKNOWN_REFERENCE", path: ["edges", 5, "to", "groupId"] },
      { code: "UNKNOWN_REFERENCE", path: ["edges", 6, "to", "blockId"] },
      { code: "EDGE_MISMATCH", path: ["edges", 6, "from"] },
    ]);
  });

  it("checks outgoingEdgeId both ways", () => {
    const missing = createDocument();
    missing.groups[0]!.blocks[0]!.outgoingEdgeId = "ghost";
    expect(codesAndPaths(missing)).toEqual([
      { code: "UNKNOWN_REFERENCE", path: ["groups", 0, "blocks", 0, "outgoingEdgeId"] },
    ]);
    const crossed = createDocument();
    crossed.groups[0]!.blocks[0]!.outgoingEdgeId = "e-default";
    expect(codesAndPaths(crossed)).toEqual([
      { code: "EDGE_MISMATCH", path: ["groups", 0, "blocks", 0, "outgoingEdgeId"] },
    ]);
    const orphan = createDocument();
    delete orphan.events[0]!.outgoingEdgeId;
    expect(codesAndPaths(orphan)).toEqual([{ code: "EDGE_MISMATCH", path: ["edges", 0, "from"] }]);
  });

  it("reports undeclared variables wherever they are referenced", () => {
    const document = createDocument();
    document.variables = [];
    expect(codesAndPaths(document)).toEqual([
      { code: "UNKNOWN_VARIABLE", path: ["groups", 0, "blocks", 1, "options", "variableId"] },
      {
        code: "UNKNOWN_VARIABLE",
        path: ["groups", 1, "blocks", 0, "options", "saveResponseMapping", 0, "variableId"],
      },
    ]);
  });

  it("reports Jump and same-bot link targets that do not exist, but not {{variable}} titles", () => {
    const document = createDocument();
    document.groups[1]!.blocks.push(
      { id: "jump2", type: "Jump", options: { groupId: "g2", blockId: "text" } },
      { id: "link", type: "Bot link", options: { botId: "current", groupId: "g7" } },
      { id: "link2", type: "Bot link", options: { botId: "other-bot", groupId: "g7" } },
      { id: "jump3", type: "Jump", options: { groupId: "{{Next group}}" } },
    );
    expect(codesAndPaths(document)).toEqual([
      { code: "UNKNOWN_REFERENCE", path: ["groups", 1, "blocks", 2, "options", "blockId"] },
      { code: "UNKNOWN_REFERENCE", path: ["groups", 1, "blocks", 3, "options", "groupId"] },
    ]);
  });
});
