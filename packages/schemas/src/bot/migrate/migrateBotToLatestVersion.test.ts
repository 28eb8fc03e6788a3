import { describe, expect, it } from "vitest";
import typebotV5 from "./fixtures/typebot-v5.json" with { type: "json" };
import typebotV61 from "./fixtures/typebot-v6.1.json" with { type: "json" };
import type { ImportWarning } from "./jsonRecords";
import { getBotVersion, migrateBotToLatestVersion } from "./migrateBotToLatestVersion";

/** The parts of a migrated (not yet validated) document these tests read. */
type MigratedBlock = {
  id: string;
  type: string;
  items: Record<string, unknown>[];
  options: Record<string, unknown> & { webhook: Record<string, unknown> };
};
type Loose = {
  version: string;
  events: unknown[];
  edges: unknown[];
  groups: { id: string; blocks: MigratedBlock[] }[];
  settings: Record<string, Record<string, unknown>>;
};
const migrate = (bot: Record<string, unknown>, onWarning?: (warning: ImportWarning) => void) =>
  migrateBotToLatestVersion(bot, { onWarning }) as unknown as Loose;
const findBlock = (bot: Loose, id: string) =>
  bot.groups.flatMap((group) => group.blocks).find((block) => block.id === id)!;

describe("migrateBotToLatestVersion from version 5", () => {
  const warnings: ImportWarning[] = [];
  const input = structuredClone(typebotV5);
  const bot = migrate(input, (warning) => warnings.push(warning));

  it("does not modify its input", () => {
    expect(input).toEqual(typebotV5);
  });

  it("turns the start block into a start event with the group's id and coordinates", () => {
    expect(bot.version).toBe("6.1");
    expect(bot.events).toEqual([
      { id: "grp-start", type: "start", graphCoordinates: { x: -120, y: 40 }, outgoingEdgeId: "edg-start" },
    ]);
    expect(bot.groups.map((group) => group.id)).toEqual(["grp-ask", "grp-seeds", "grp-other"]);
    expect(bot.edges[0]).toEqual({
      id: "edg-start",
      from: { eventId: "grp-start" },
      to: { groupId: "grp-ask" },
    });
  });

  it("applies the version 6 option changes", () => {
    expect(findBlock(bot, "blk-kind").items[0]).not.toHaveProperty("blockId");
    expect(findBlock(bot, "blk-photo").options).not.toHaveProperty("sizeLimit");
    expect(findBlock(bot, "blk-notify").options.webhook).not.toHaveProperty("id");
    expect(findBlock(bot, "blk-stock").options).toMatchObject({
      filter: {
        logicalOperator: "AND",
        comparisons: [{ id: "ref-1", column: "Kind", comparisonOperator: "Equal to", value: "{{Kind}}" }],
      },
    });
    expect(findBlock(bot, "blk-stock").options).not.toHaveProperty("referenceCell");
  });

  it("renames Typebot names to the bot ones and keeps version 5's merge default", () => {
    expect(findBlock(bot, "blk-link")).toMatchObject({
      type: "Bot link",
      options: { botId: "current", groupId: "grp-ask", mergeResults: true },
    });
    expect(bot).toHaveProperty("messagingCredentialsId", "cred-wa");
    expect(bot.settings.messaging).toEqual({ isEnabled: false, sessionExpiryTimeout: 6 });
    expect(bot.settings.metadata.tagManagerId).toBe("GTM-GARDEN");
    expect(JSON.stringify(bot)).not.toMatch(/"(typebot|whatsApp|googleTagManager)\w*":/);
  });

  it("maps the legacy OpenAI block, warning about what it cannot keep", () => {
    expect(findBlock(bot, "blk-advice")).toEqual({
      id: "blk-advice",
      type: "openai",
      groupId: "grp-seeds",
      options: {
        action: "Create chat completion",
        model: "gpt-3.5-turbo",
        credentialsId: "cred-openai",
        temperature: 0.4,
        messages: [
          { id: "msg-1", role: "system", content: "You are a gardener." },
          { id: "msg-3", role: "user", content: "Advice for {{Kind}}?" },
        ],
        responseMapping: [{ id: "map-1", item: "Message content", variableId: "var-advice" }],
      },
    });
    expect(warnings).toEqual([
      {
        message: 'The "Messages sequence" OpenAI message was removed; use a Dialogue message instead',
        path: ["groups", 1, "blocks", 3, "options", "messages", 1],
      },
    ]);
  });
});

describe("migrateBotToLatestVersion", () => {
  it("reads a missing version as 3 and rejects unknown ones", () => {
    expect(getBotVersion(null)).toBe("3");
    expect(getBotVersion("6")).toBe("6");
    expect(getBotVersion("7")).toBeUndefined();
    expect(() => migrateBotToLatestVersion({ version: "7" })).toThrow(RangeError);
  });

  it("adds a start event to a flow without one, and drops malformed edges", () => {
    const warnings: ImportWarning[] = [];
    const bot = migrate(
      {
        version: null,
        groups: [{ id: "g", title: "A", graphCoordinates: { x: 0, y: 0 } }],
        edges: [{ id: "e" }],
      },
      (warning) => warnings.push(warning),
    );
    expect(bot.events).toEqual([{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 } }]);
    expect(bot.groups[0].blocks).toEqual([]);
    expect(bot.edges).toEqual([]);
    expect(warnings.map((warning) => warning.path)).toEqual([["edges", 0], ["events"]]);
  });

  it("warns that version 3 HTTP request settings were not exported", () => {
    const warnings: ImportWarning[] = [];
    const bot = migrate(
      {
        version: "3",
        groups: [
          {
            id: "g",
            title: "A",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [{ id: "b", type: "Webhook", options: { webhookId: "w" } }],
          },
        ],
      },
      (warning) => warnings.push(warning),
    );
    expect(bot.groups[0].blocks[0].options).toEqual({});
    expect(warnings[0]?.path).toEqual(["groups", 0, "blocks", 0]);
  });

  it("leaves a 6.1 flow's structure as it is, renaming only legacy names", () => {
    const bot = migrate(typebotV61);
    expect(bot.groups).toEqual(typebotV61.groups);
    expect(bot.events).toEqual(typebotV61.events);
    expect(bot.settings.general.systemMessages).toEqual({
      invalidMessage: "Hmm?",
      messagingPictureChoiceSelectLabel: "Pick",
    });
  });
});
