import { describe, expect, it } from "vitest";
import { botDocumentSchema, botSchema, botUpdateSchema, publishedBotSchema } from "./bot";

const document = {
  events: [
    { id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e1" },
    { id: "cmd", type: "command", graphCoordinates: { x: 0, y: 200 }, options: { command: "restart" } },
    { id: "reply", type: "reply", graphCoordinates: { x: 0, y: 400 }, options: { contentVariableId: "v1" } },
    { id: "invalid", type: "invalidReply", graphCoordinates: { x: 0, y: 600 } },
  ],
  groups: [
    {
      id: "g1",
      title: "Welcome",
      graphCoordinates: { x: 300, y: 0 },
      blocks: [
        { id: "b1", type: "text", content: { richText: [{ type: "p", children: [{ text: "Hi" }] }] } },
        { id: "b2", type: "choice input", items: [{ id: "i1", content: "Go", outgoingEdgeId: "e2" }] },
      ],
    },
  ],
  edges: [
    { id: "e1", from: { eventId: "start" }, to: { groupId: "g1" } },
    { id: "e2", from: { blockId: "b2", itemId: "i1" }, to: { groupId: "g1", blockId: "b1" } },
  ],
  variables: [
    { id: "v1", name: "Reply", isSessionVariable: true },
    { id: "v2", name: "Tags", value: ["a", null, "b"] },
  ],
  theme: {},
  settings: { general: {} },
};

describe("botDocumentSchema", () => {
  it("parses a document with every event kind, item edges and list variables", () => {
    expect(botDocumentSchema.parse(document)).toEqual(document);
  });

  it("rejects unknown event types and malformed edges", () => {
    const badEvent = { ...document, events: [{ id: "x", type: "timer", graphCoordinates: { x: 0, y: 0 } }] };
    expect(botDocumentSchema.safeParse(badEvent).error?.issues[0]?.path).toEqual(["events", 0, "type"]);
    const badEdge = { ...document, edges: [{ id: "e", from: {}, to: { groupId: "g1" } }] };
    expect(botDocumentSchema.safeParse(badEdge).error?.issues[0]?.path).toEqual(["edges", 0, "from"]);
  });

  it("points at the failing block", () => {
    const broken = structuredClone(document);
    (broken.groups[0]!.blocks[1] as { items: unknown }).items = "Go";
    expect(botDocumentSchema.safeParse(broken).error?.issues[0]?.path).toEqual([
      "groups",
      0,
      "blocks",
      1,
      "items",
    ]);
  });
});

describe("botSchema", () => {
  const record = {
    id: "bot1",
    version: "6.1",
    name: "Support",
    icon: null,
    folderId: null,
    workspaceId: "ws1",
    publicId: "support-x1",
    customDomain: null,
    createdAt: "2026-11-22T10:00:00.000Z",
    updatedAt: "2026-11-22T10:00:00.000Z",
    isArchived: false,
    isClosed: false,
    messagingCredentialsId: null,
    riskLevel: null,
    selectedThemeTemplateId: null,
    ...document,
    resultsTablePreferences: {
      columnsOrder: ["a"],
      columnsVisibility: { a: true },
      columnsWidth: { a: 120 },
    },
    tests: [],
  };

  it("parses the full record with null for absent values", () => {
    expect(botSchema.parse(record)).toEqual(record);
    const { icon: _icon, ...withoutIcon } = record;
    expect(botSchema.safeParse(withoutIcon).success).toBe(false);
    expect(botSchema.safeParse({ ...record, version: "5" }).success).toBe(false);
  });

  it("parses a published version", () => {
    const published = {
      id: "pub1",
      version: "6.1",
      botId: "bot1",
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      lastActivityAt: null,
      ...document,
    };
    expect(publishedBotSchema.parse(published)).toEqual(published);
  });
});

describe("botUpdateSchema", () => {
  it("accepts any subset of the editable fields", () => {
    expect(botUpdateSchema.parse({})).toEqual({});
    const update = { name: "New", isClosed: true, updatedAt: "2026-11-22T10:00:00.000Z", edges: [] };
    expect(botUpdateSchema.parse(update)).toEqual(update);
  });

  it("rejects a publicId that is not a slug or is reserved, an empty name and a non-ISO updatedAt", () => {
    for (const [field, value] of [
      ["publicId", "Not A Slug"],
      ["publicId", "ab"],
      ["publicId", "metrics"],
      ["name", ""],
      ["updatedAt", "yesterday"],
    ] as const) {
      const result = botUpdateSchema.safeParse({ [field]: value });
      expect(result.error?.issues[0]?.path, `${field}=${value}`).toEqual([field]);
    }
  });
});
