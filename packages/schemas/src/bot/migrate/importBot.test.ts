import { describe, expect, it } from "vitest";
import { botSchema } from "../bot";
import { checkBotIntegrity } from "../integrity";
import { findTypebotGallery, missingGalleryReason } from "../testing/findTypebotGallery";
import typebotV5 from "./fixtures/typebot-v5.json" with { type: "json" };
import typebotV61 from "./fixtures/typebot-v6.1.json" with { type: "json" };
import typebotV6 from "./fixtures/typebot-v6.json" with { type: "json" };
import { type ImportedBot, importBot } from "./importBot";

function importOrFail(json: unknown) {
  const result = importBot(json);
  if (!result.success) throw new Error(JSON.stringify(result.issues, null, 2));
  return result;
}

const findBlock = (bot: ImportedBot, id: string) =>
  bot.groups.flatMap((group) => group.blocks).find((block) => block.id === id);

/** What GET /bots/{botId} would answer for an imported bot. */
function toBotRecord(bot: ImportedBot) {
  return botSchema.parse({
    ...bot,
    id: "bot-1",
    workspaceId: "ws-1",
    folderId: null,
    customDomain: null,
    createdAt: "2026-11-22T10:00:00.000Z",
    updatedAt: "2026-11-22T10:00:00.000Z",
    isArchived: false,
    isClosed: false,
    messagingCredentialsId: null,
    riskLevel: null,
  });
}

describe("importBot", () => {
  it("imports a Typebot v5 export, keeping descriptive fields and dropping install ids", () => {
    const { bot, warnings } = importOrFail(typebotV5);
    expect(bot).toMatchObject({
      version: "6.1",
      name: "Garden centre (v5)",
      icon: "🌱",
      publicId: "garden-centre",
    });
    for (const field of ["id", "workspaceId", "folderId", "customDomain", "messagingCredentialsId"])
      expect(bot).not.toHaveProperty(field);
    expect(bot.events[0]).toMatchObject({ id: "grp-start", type: "start", outgoingEdgeId: "edg-start" });
    expect(findBlock(bot, "blk-hello")).not.toHaveProperty("groupId");
    expect(bot.settings.messaging).toEqual({ isEnabled: false, sessionExpiryTimeout: 6 });
    expect(bot.theme.chat).toEqual({ hostBubbles: { backgroundColor: "#F7F8FF", color: "#303235" } });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'The "Messages sequence" OpenAI message was removed; use a Dialogue message instead',
    ]);
    expect(checkBotIntegrity(bot)).toEqual([]);
  });

  it("marks imported code unsafe", () => {
    const { bot } = importOrFail(typebotV5);
    expect(findBlock(bot, "blk-track")).toMatchObject({ type: "Code", options: { isUnsafe: true } });
    expect(findBlock(bot, "blk-score")).toMatchObject({ options: { isUnsafe: true } });
    const v61 = importOrFail(typebotV61).bot;
    expect(findBlock(v61, "blk-calc")).toMatchObject({ options: { isUnsafe: true } });
    expect(findBlock(v61, "blk-now")).toEqual({
      id: "blk-now",
      type: "Set variable",
      options: { variableId: "var-summary", type: "Now", timeZone: "Europe/Paris" },
    });
  });

  it("unwraps {typebot} and repairs references to deleted things, with warnings", () => {
    const { bot, warnings } = importOrFail(typebotV6);
    expect(bot.publicId).toBe("Bakery.Orders");
    expect(findBlock(bot, "blk-sub")).toEqual({
      id: "blk-sub",
      type: "Bot link",
      options: { botId: "tb-payments", mergeResults: false },
    });
    expect(findBlock(bot, "blk-count")).toEqual({
      id: "blk-count",
      type: "number input",
      options: { min: 1 },
    });
    expect(bot.edges.map((edge) => edge.id)).toEqual(["edg-1", "edg-help"]);
    expect(warnings).toEqual([
      {
        message: 'The edge "edg-ghost" was removed: its source no longer exists',
        path: ["typebot", "edges", 2],
      },
      {
        message: 'A link to the missing edge "edg-missing" was removed',
        path: ["typebot", "groups", 0, "blocks", 1],
      },
      {
        message: 'A reference to the deleted variable "var-deleted" was removed',
        path: ["typebot", "groups", 0, "blocks", 1, "options", "variableId"],
      },
    ]);
    expect(checkBotIntegrity(bot)).toEqual([]);
  });

  it("imports 6.1 with cards paths, AB test, webhook, AI blocks and messaging settings", () => {
    const { bot, warnings } = importOrFail(typebotV61);
    expect(warnings).toEqual([]);
    expect(bot.selectedThemeTemplateId).toBe("typebot-dark");
    expect(bot.resultsTablePreferences?.columnsOrder).toEqual(["var-plan"]);
    expect(bot.settings.messaging?.startCondition?.comparisons).toHaveLength(1);
    expect(bot.groups.flatMap((group) => group.blocks.map((block) => block.type))).toEqual([
      "cards",
      "AB test",
      "webhook",
      "anthropic",
      "Set variable",
      "Set variable",
      "Jump",
    ]);
  });

  it("round-trips: an imported bot exported (GET shape) and imported again is unchanged", () => {
    for (const fixture of [typebotV5, typebotV6, typebotV61]) {
      const first = importOrFail(fixture).bot;
      const record = toBotRecord(first);
      for (const exported of [record, { bot: record }]) {
        const second = importOrFail(structuredClone(exported));
        expect(second.warnings).toEqual([]);
        expect(second.bot).toEqual(first);
      }
    }
  });

  it("names a bot without name and ignores unusable descriptive fields", () => {
    const { bot, warnings } = importOrFail({ version: "6.1", events: [], groups: [], icon: 3, publicId: "" });
    expect(bot).toMatchObject({
      name: "Imported bot",
      icon: null,
      publicId: null,
      resultsTablePreferences: null,
    });
    expect(warnings.map((warning) => warning.path)).toEqual([["events"], ["name"]]);
  });
});

describe("importBot refusals", () => {
  it("refuses what is not a bot export", () => {
    expect(importBot("hello")).toEqual({
      success: false,
      issues: [{ code: "INVALID_FIELD", path: [], message: "A bot export is a JSON object" }],
    });
    expect(importBot({ typebot: { version: "7", groups: [] } })).toMatchObject({
      success: false,
      issues: [{ code: "UNSUPPORTED_VERSION", path: ["typebot", "version"] }],
    });
  });

  it("lists invalid blocks of known kinds with their path (an unknown kind is kept, not refused)", () => {
    const exported = structuredClone(typebotV61);
    exported.groups[2]!.blocks[0] = {
      id: "blk-wait",
      type: "Wait",
      options: { secondsToWaitFor: 5 },
    } as never;
    (exported.groups[0]!.blocks[0] as { items: { title: unknown }[] }).items[0]!.title = 12;
    const result = importBot(exported);
    expect(result.success).toBe(false);
    expect(!result.success && result.issues.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: "INVALID_FIELD", path: ["groups", 0, "blocks", 0, "items", 0, "title"] },
      { code: "INVALID_FIELD", path: ["groups", 2, "blocks", 0, "options", "secondsToWaitFor"] },
    ]);
  });
});

const gallery = findTypebotGallery(process.env.TYPEBOT_GALLERY_DIR);
if (!gallery) console.info(`Skipping the Typebot gallery imports: ${missingGalleryReason}`);

describe.skipIf(!gallery)("importBot on the Typebot gallery exports", () => {
  it.each(gallery?.files ?? [])("$name imports and passes the integrity check", ({ json }) => {
    const { bot } = importOrFail(json);
    expect(checkBotIntegrity(bot)).toEqual([]);
    expect(toBotRecord(bot).groups.length).toBeGreaterThan(0);
    expect(importOrFail(toBotRecord(bot)).bot).toEqual(bot);
  });
});
