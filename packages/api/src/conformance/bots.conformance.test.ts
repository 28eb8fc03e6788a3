// Endpoints 9–14 of api-spec.md and the bot endpoints of decisions.md: shapes, the conflict
// rule, publication, deletion and every listed error.

import { createGreetingFlow } from "@parley/chat/testing/testFlows";
import { createId } from "@parley/db";
import { beforeAll, describe, expect, it } from "vitest";
import { botFields, expectBot, expectPublishedBot } from "./botShapes";
import { call, expectError, expectKeys, expectOk, expectTimestamp, useApps } from "./harness";
import { createWorld, type World } from "./world";

const apps = useApps();
let world: World;
beforeAll(async () => {
  world = await createWorld(apps);
});

const createBot = async (bot: Record<string, unknown> = {}) =>
  expectOk(await world.api("POST", "/bots", { workspaceId: world.workspaceId, bot })).bot;

const startChat = (publicId: string) =>
  call("POST", `${apps.chatUrl}/api/v1/bots/${publicId}/startChat`, { token: world.admin.token, body: {} });

describe("9 GET /bots/{botId}", () => {
  it("returns the bot with every field of the spec, with and without migrateToLatestVersion", async () => {
    for (const query of ["", "?migrateToLatestVersion=true", "?migrateToLatestVersion=false"]) {
      const body = expectOk(
        await world.api("GET", `/bots/${world.bot.id}${query}`, undefined, world.guest.token),
      );
      expectKeys(body, ["bot"]);
      expectBot(body.bot);
      expect(body.bot).toMatchObject({ id: world.bot.id, name: "Greeter", folderId: world.folder.id });
    }
  });

  it("answers NOT_FOUND for a missing bot and BAD_REQUEST for a malformed id", async () => {
    expectError(await world.api("GET", `/bots/${createId()}`), "NOT_FOUND");
    expectError(await world.api("GET", `/bots/${"x".repeat(300)}`), "BAD_REQUEST");
  });
});

describe("10 PATCH /bots/{botId}", () => {
  it("accepts every field the spec lists and returns the bot", async () => {
    const bot = await createBot({ name: "Patched", ...createGreetingFlow() });
    const publicId = `patched-${createId().slice(0, 8)}`;
    const body = expectOk(
      await world.api("PATCH", `/bots/${bot.id}`, {
        bot: {
          name: "Patched twice",
          icon: "🦜",
          selectedThemeTemplateId: null,
          groups: bot.groups,
          theme: { general: { font: "Inter" } },
          settings: { messaging: { isEnabled: false, sessionExpiryTimeout: 1.5 } },
          folderId: world.folder.id,
          variables: bot.variables,
          edges: bot.edges,
          resultsTablePreferences: {
            columnsOrder: ["a"],
            columnsVisibility: { a: true },
            columnsWidth: { a: 120 },
          },
          publicId,
          customDomain: null,
          isClosed: true,
          messagingCredentialsId: null,
          riskLevel: 0,
          events: bot.events,
          updatedAt: bot.updatedAt,
        },
        overwrite: false,
      }),
    );
    expectKeys(body, ["bot"]);
    expectBot(body.bot);
    expect(body.bot).toMatchObject({
      name: "Patched twice",
      icon: "🦜",
      publicId,
      isClosed: true,
      folderId: world.folder.id,
      resultsTablePreferences: {
        columnsOrder: ["a"],
        columnsVisibility: { a: true },
        columnsWidth: { a: 120 },
      },
    });
    expect(body.bot.theme.general.font).toBe("Inter");
    expect(body.bot.settings.messaging.sessionExpiryTimeout).toBe(1.5);
    expect(body.bot.updatedAt > bot.updatedAt).toBe(true);
  });

  it("refuses a stale updatedAt with CONFLICT_NEWER_VERSION unless overwrite is true", async () => {
    const bot = await createBot({ name: "Original" });
    const stale = new Date(Date.parse(bot.updatedAt) - 60_000).toISOString();
    expectOk(await world.api("PATCH", `/bots/${bot.id}`, { bot: { name: "Newer" } }));
    const refused = await world.api("PATCH", `/bots/${bot.id}`, { bot: { name: "Stale", updatedAt: stale } });
    expectError(refused, "BAD_REQUEST", "CONFLICT_NEWER_VERSION");
    expect(expectOk(await world.api("GET", `/bots/${bot.id}`)).bot.name).toBe("Newer");
    const forced = await world.api("PATCH", `/bots/${bot.id}`, {
      bot: { name: "Forced", updatedAt: stale },
      overwrite: true,
    });
    expect(expectOk(forced).bot.name).toBe("Forced");
  });

  it("answers every listed error", async () => {
    const patch = { bot: { name: "x" } };
    expectError(await world.api("PATCH", `/bots/${world.bot.id}`, patch, world.guest.token), "FORBIDDEN");
    expectError(await world.api("PATCH", `/bots/${createId()}`, patch), "NOT_FOUND");
    expectError(
      await world.api("PATCH", `/bots/${world.bot.id}`, {
        bot: { groups: [{ id: "g", blocks: [{ type: "nope" }] }] },
      }),
      "BAD_REQUEST",
    );
    expectError(
      await world.api("PATCH", `/bots/${world.bot.id}`, { bot: { publicId: "Not A Slug" } }),
      "BAD_REQUEST",
    );
  });
});

describe("11 DELETE /bots/{botId}", () => {
  it("answers {message: success}; the bot leaves listings, reads NOT_FOUND and stops chatting", async () => {
    const bot = await createBot({ name: "Doomed", ...createGreetingFlow() });
    expectOk(await world.api("POST", `/bots/${bot.id}/publish`));
    expectOk(await startChat(bot.publicId));
    expectError(await world.api("DELETE", `/bots/${bot.id}`, undefined, world.guest.token), "FORBIDDEN");
    expect(expectOk(await world.api("DELETE", `/bots/${bot.id}`))).toEqual({ message: "success" });
    expectError(await world.api("GET", `/bots/${bot.id}`), "NOT_FOUND");
    expectError(await world.api("DELETE", `/bots/${bot.id}`), "NOT_FOUND");
    const { bots } = expectOk(await world.api("GET", `/bots?workspaceId=${world.workspaceId}`));
    expect(bots.map((listed: { id: string }) => listed.id)).not.toContain(bot.id);
    expectError(await startChat(bot.publicId), "BAD_REQUEST", "BOT_NOT_FOUND");
    const { results } = expectOk(await world.api("GET", `/bots/${world.bot.id}/results`));
    expect(results.every((result: { id: string }) => typeof result.id === "string")).toBe(true);
  });
});

describe("12–14 publishedBot, publish, unpublish", () => {
  it("publish answers {message, warnings}; publishedBot returns the snapshot; unpublish answers {message}", async () => {
    const bot = await createBot({ name: "Cycle", ...createGreetingFlow() });
    expectError(await world.api("GET", `/bots/${bot.id}/publishedBot`), "NOT_FOUND");
    const published = expectOk(
      await world.api("POST", `/bots/${bot.id}/publish`, undefined, world.member.token),
    );
    expect(published).toEqual({ message: "success", warnings: [] });

    for (const query of ["", "?migrateToLatestVersion=true"]) {
      const body = expectOk(
        await world.api("GET", `/bots/${bot.id}/publishedBot${query}`, undefined, world.guest.token),
      );
      expectKeys(body, ["publishedBot"]);
      expectPublishedBot(body.publishedBot, bot.id);
      expect(body.publishedBot.groups).toEqual(bot.groups);
    }
    expectOk(await startChat(bot.publicId));

    expect(expectOk(await world.api("POST", `/bots/${bot.id}/unpublish`))).toEqual({ message: "success" });
    expectError(await world.api("GET", `/bots/${bot.id}/publishedBot`), "NOT_FOUND");
    expectError(await startChat(bot.publicId), "BAD_REQUEST", "BOT_NOT_FOUND");
  });

  it("warns about trademarks with {type: trademarkInfringement, trademark}", async () => {
    const bot = await createBot({ name: "Netflix helper", ...createGreetingFlow() });
    const { warnings } = expectOk(await world.api("POST", `/bots/${bot.id}/publish`));
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) {
      expectKeys(warning, ["type", "trademark"]);
      expect(warning.type).toBe("trademarkInfringement");
      expect(typeof warning.trademark).toBe("string");
    }
    expect(expectOk(await world.api("GET", `/bots/${bot.id}`)).bot.riskLevel).toBeGreaterThan(0);
  });

  it("answer FORBIDDEN (never NOT_FOUND) for a missing bot, and to guests", async () => {
    for (const action of ["publish", "unpublish"]) {
      expectError(await world.api("POST", `/bots/${createId()}/${action}`), "FORBIDDEN");
      expectError(
        await world.api("POST", `/bots/${world.bot.id}/${action}`, undefined, world.guest.token),
        "FORBIDDEN",
      );
    }
    expectError(await world.api("GET", `/bots/${createId()}/publishedBot`), "NOT_FOUND");
    expectError(
      await world.api("GET", `/bots/${world.bot.id}/publishedBot?migrateToLatestVersion=2`),
      "BAD_REQUEST",
    );
  });

  it("answer BAD_REQUEST to unpublishing a bot that is not published", async () => {
    const bot = await createBot({ name: "Never published" });
    expectError(await world.api("POST", `/bots/${bot.id}/unpublish`), "BAD_REQUEST");
  });
});

describe("bots beyond the spec", () => {
  it("POST /bots creates a bot with one start event and no groups unless given", async () => {
    const body = expectOk(
      await world.api("POST", "/bots", { workspaceId: world.workspaceId, bot: {} }, world.member.token),
    );
    expectKeys(body, ["bot"]);
    expectBot(body.bot);
    expect(body.bot.events).toHaveLength(1);
    expect(body.bot.events[0].type).toBe("start");
    expect(body.bot.groups).toEqual([]);
    expect(body.bot.publicId).toMatch(/^[a-z0-9-]{3,64}$/);
    expectError(
      await world.api("POST", "/bots", { workspaceId: world.workspaceId, bot: {} }, world.guest.token),
      "FORBIDDEN",
    );
  });

  it("GET /bots lists {id, name, icon, publicId, isPublished, folderId, createdAt, updatedAt}, by folder", async () => {
    const all = expectOk(
      await world.api("GET", `/bots?workspaceId=${world.workspaceId}`, undefined, world.guest.token),
    );
    expectKeys(all, ["bots"]);
    for (const bot of all.bots) {
      expectKeys(bot, [
        "id",
        "name",
        "icon",
        "publicId",
        "isPublished",
        "folderId",
        "createdAt",
        "updatedAt",
      ]);
      expect(typeof bot.isPublished).toBe("boolean");
      expectTimestamp(bot.createdAt);
      expectTimestamp(bot.updatedAt);
    }
    expect(all.bots.find((bot: { id: string }) => bot.id === world.bot.id)?.isPublished).toBe(true);
    const inFolder = expectOk(
      await world.api("GET", `/bots?workspaceId=${world.workspaceId}&folderId=${world.folder.id}`),
    );
    expect(inFolder.bots.map((bot: { folderId: string }) => bot.folderId)).toEqual(
      inFolder.bots.map(() => world.folder.id),
    );
    expect(inFolder.bots.map((bot: { id: string }) => bot.id)).toContain(world.bot.id);
    expectError(await world.api("GET", "/bots"), "BAD_REQUEST");
  });

  it("POST /bots/import takes this product's export and returns {bot}", async () => {
    const { bot: exported } = expectOk(await world.api("GET", `/bots/${world.bot.id}`));
    const body = expectOk(
      await world.api("POST", "/bots/import", { workspaceId: world.workspaceId, bot: exported }),
    );
    expect(Object.keys(body)).toContain("bot");
    expectBot(body.bot);
    expect(body.bot.id).not.toBe(world.bot.id);
    expect(body.bot.groups).toEqual(exported.groups);
    expectError(
      await world.api("POST", "/bots/import", { workspaceId: world.workspaceId, bot: 5 }),
      "BAD_REQUEST",
    );
  });

  it("has the spec's Bot fields in get, plus only the schema `version` (docs/api.md, Conformance notes)", async () => {
    const { bot } = expectOk(await world.api("GET", `/bots/${world.bot.id}`));
    expect(Object.keys(bot).filter((key) => !botFields.includes(key))).toEqual(["version", "tests"]);
  });
});
