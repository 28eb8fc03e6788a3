import { describe, expect, it } from "vitest";
import type { BotDocument } from "./bot";
import { diffBotDocuments } from "./diffBotDocuments";
import { createSampleBlock } from "./testing/createSampleBlock";

function createDocument(): BotDocument {
  const choice = createSampleBlock("choice input", { id: "choice", variableId: "v1" });
  choice.items[0]!.outgoingEdgeId = "e-yes";
  return {
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g1",
        title: "Welcome",
        graphCoordinates: { x: 200, y: 0 },
        blocks: [createSampleBlock("text", { id: "hello", variableId: "v1" }), choice],
      },
      {
        id: "g2",
        title: "Yes",
        graphCoordinates: { x: 500, y: 0 },
        blocks: [createSampleBlock("Redirect", { id: "away", variableId: "v1" })],
      },
    ],
    edges: [
      { id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } },
      { id: "e-yes", from: { blockId: "choice", itemId: "choice-a" }, to: { groupId: "g2" } },
    ],
    variables: [{ id: "v1", name: "Answer" }],
    theme: { general: { font: "Inter" } },
    settings: { general: { isBrandingEnabled: true } },
  };
}

describe("diffBotDocuments", () => {
  it("finds nothing between equal versions, nor when only positions moved", () => {
    const moved = createDocument();
    moved.groups[0]!.graphCoordinates = { x: 900, y: 900 };
    expect(diffBotDocuments(createDocument(), createDocument())).toEqual([]);
    expect(diffBotDocuments(createDocument(), moved)).toEqual([]);
  });

  it("lists groups, blocks, edges and variables added and removed", () => {
    const after = createDocument();
    after.groups.splice(1, 1);
    after.edges.splice(1, 1);
    delete after.groups[0]!.blocks[1]!.outgoingEdgeId;
    after.groups.push({
      id: "g3",
      title: "Email",
      graphCoordinates: { x: 0, y: 300 },
      blocks: [createSampleBlock("email input", { id: "mail", variableId: "v2" })],
    });
    after.variables.push({ id: "v2", name: "Email" });
    expect(diffBotDocuments(createDocument(), after)).toEqual([
      { kind: "group", change: "added", id: "g3", groupId: null, label: "Email", fields: [] },
      { kind: "group", change: "removed", id: "g2", groupId: null, label: "Yes", fields: [] },
      { kind: "block", change: "added", id: "mail", groupId: "g3", label: "email input", fields: [] },
      { kind: "block", change: "removed", id: "away", groupId: "g2", label: "Redirect", fields: [] },
      { kind: "edge", change: "removed", id: "e-yes", groupId: "g2", label: "edge", fields: [] },
      { kind: "variable", change: "added", id: "v2", groupId: null, label: "Email", fields: [] },
    ]);
  });

  it("names the fields that changed in blocks, groups, settings and theme, and a block moved to another group", () => {
    const after = createDocument();
    after.groups[0]!.title = "Hello";
    const redirect = after.groups[1]!.blocks[0] as { options: { url: string } };
    redirect.options.url = "https://example.org";
    const [hello] = after.groups[0]!.blocks.splice(0, 1);
    after.groups[1]!.blocks.unshift(hello!);
    const choice = after.groups[0]!.blocks[0] as { items: { content?: string }[] };
    choice.items[1]!.content = "Nope";
    after.settings = { general: { isBrandingEnabled: false } };
    after.theme = { general: { font: "Lato" } };
    expect(diffBotDocuments(createDocument(), after)).toEqual([
      { kind: "group", change: "changed", id: "g1", groupId: null, label: "Hello", fields: ["title"] },
      {
        kind: "block",
        change: "changed",
        id: "choice",
        groupId: "g1",
        label: "choice input",
        fields: ["items"],
      },
      { kind: "block", change: "changed", id: "hello", groupId: "g2", label: "text", fields: ["group"] },
      {
        kind: "block",
        change: "changed",
        id: "away",
        groupId: "g2",
        label: "Redirect",
        fields: ["options.url"],
      },
      {
        kind: "settings",
        change: "changed",
        id: null,
        groupId: null,
        label: "settings",
        fields: ["general.isBrandingEnabled"],
      },
      { kind: "theme", change: "changed", id: null, groupId: null, label: "theme", fields: ["general.font"] },
    ]);
  });
});
