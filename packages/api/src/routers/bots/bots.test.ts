import { getPrisma } from "@parley/db";
import { createTestTeam, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createValidFlow } from "../../testing/botFlow";
import { callApi, createApiBot as createBot } from "../../testing/fixtures";

const botKeys = [
  "createdAt",
  "customDomain",
  "edges",
  "events",
  "folderId",
  "groups",
  "icon",
  "id",
  "isArchived",
  "isClosed",
  "messagingCredentialsId",
  "name",
  "publicId",
  "resultsTablePreferences",
  "riskLevel",
  "selectedThemeTemplateId",
  "settings",
  "tests",
  "theme",
  "updatedAt",
  "variables",
  "version",
  "workspaceId",
];

describe("POST /bots", () => {
  it("creates a bot with one start event, default theme and settings and a slug publicId", async () => {
    const team = await createTestTeam();
    const bot = await createBot(team.member.token, team.workspaceId, { name: "Café Support!" });
    expect(Object.keys(bot).sort()).toEqual(botKeys);
    expect(bot.events).toEqual([{ id: expect.any(String), type: "start", graphCoordinates: { x: 0, y: 0 } }]);
    expect(bot).toMatchObject({ groups: [], edges: [], variables: [], version: "6.1", isArchived: false });
    expect(bot.publicId).toMatch(/^cafe-support-[a-z0-9]{6}$/);
    expect(bot.theme.general.font).toBeTruthy();
    expect(bot.settings.general.systemMessages).toBeTruthy();
    expect(bot.settings.typingEmulation.enabled).toBeTypeOf("boolean");
  });

  it("stores a given flow and checks its integrity, one issue per violation", async () => {
    const team = await createTestTeam();
    const flow = createValidFlow();
    const bot = await createBot(team.admin.token, team.workspaceId, { name: "Flow", ...flow });
    expect(bot.groups).toEqual(flow.groups);
    expect(bot.edges).toEqual(flow.edges);
    const broken = createValidFlow();
    broken.edges[1] = { id: "e1", from: { blockId: "nope", itemId: "i1" }, to: { groupId: "g2" } };
    (broken.groups[0]!.blocks as unknown[]).push({
      id: "b2",
      type: "text input",
      options: { variableId: "vname" },
    });
    const response = await callApi("POST", "/bots", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, bot: broken },
    });
    expect(response.status).toBe(400);
    const codes = response.body.issues.map((issue: { code: string; path: unknown[] }) => [
      issue.code,
      issue.path[0],
    ]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ["DUPLICATE_ID", "bot"],
        ["UNKNOWN_REFERENCE", "bot"],
      ]),
    );
  });

  it("rejects unknown block types and other invalid fields", async () => {
    const team = await createTestTeam();
    const flow = createValidFlow();
    (flow.groups[2]!.blocks as unknown[]).push({ id: "b9", type: "teleport" });
    const unknownType = await callApi("POST", "/bots", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, bot: flow },
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.issues[0].path.slice(0, 5)).toEqual(["bot", "groups", 2, "blocks", 1]);
    for (const bot of [
      { publicId: "No Caps" },
      { name: "" },
      { folderId: "missing0001" },
      { theme: "dark" },
    ]) {
      const response = await callApi("POST", "/bots", {
        token: team.admin.token,
        body: { workspaceId: team.workspaceId, bot },
      });
      expect(response.status, JSON.stringify(bot)).toBe(400);
      expect(response.body.issues[0].path[0]).toBe("bot");
    }
    expect(await getPrisma().bot.count({ where: { workspaceId: team.workspaceId } })).toBe(0);
  });

  it("refuses a publicId already in use", async () => {
    const team = await createTestTeam();
    const first = await createBot(team.admin.token, team.workspaceId);
    const response = await callApi("POST", "/bots", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, bot: { publicId: first.publicId } },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues[0]).toMatchObject({ code: "PUBLIC_ID_TAKEN", path: ["bot", "publicId"] });
  });

  it("lets ADMIN and MEMBER create, not GUEST or outsiders", async () => {
    const team = await createTestTeam();
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      const response = await callApi("POST", "/bots", {
        token: team[role].token,
        body: { workspaceId: team.workspaceId, bot: { name: role } },
      });
      statuses[role] = response.status;
    }
    expect(statuses).toEqual({ admin: 200, member: 200, guest: 403, outsider: 403 });
    expect((await callApi("POST", "/bots", { body: { workspaceId: team.workspaceId } })).status).toBe(401);
  });
});

describe("GET /bots", () => {
  it("lists the workspace's bots with their published state, by folder", async () => {
    const team = await createTestTeam();
    const folder = await callApi("POST", "/folders", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, folder: { name: "F" } },
    });
    const top = await createBot(team.admin.token, team.workspaceId, { name: "Top" });
    const inside = await createBot(team.admin.token, team.workspaceId, {
      name: "In",
      folderId: folder.body.folder.id,
    });
    await callApi("POST", `/bots/${top.id}/publish`, { token: team.admin.token });
    const all = await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, { token: team.guest.token });
    expect(all.status).toBe(200);
    expect(all.body.bots.map((bot: { name: string }) => bot.name)).toEqual(["In", "Top"]);
    expect(all.body.bots[1]).toEqual({
      id: top.id,
      name: "Top",
      icon: null,
      publicId: top.publicId,
      isPublished: true,
      folderId: null,
      createdAt: top.createdAt,
      updatedAt: expect.any(String),
    });
    const root = await callApi("GET", `/bots?workspaceId=${team.workspaceId}&folderId=root`, {
      token: team.guest.token,
    });
    expect(root.body.bots.map((bot: { id: string }) => bot.id)).toEqual([top.id]);
    const inFolder = await callApi(
      "GET",
      `/bots?workspaceId=${team.workspaceId}&folderId=${folder.body.folder.id}`,
      {
        token: team.guest.token,
      },
    );
    expect(inFolder.body.bots.map((bot: { id: string }) => bot.id)).toEqual([inside.id]);
    expect(
      (await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, { token: team.outsider.token })).status,
    ).toBe(403);
  });
});

describe("GET /bots/{botId}", () => {
  it("returns the bot to every member and the listed errors otherwise", async () => {
    const team = await createTestTeam();
    const bot = await createBot(team.admin.token, team.workspaceId, {
      name: "Read me",
      ...createValidFlow(),
    });
    const got = await callApi("GET", `/bots/${bot.id}`, { token: team.guest.token });
    expect(got).toEqual({ status: 200, body: { bot } });
    expect((await callApi("GET", `/bots/${bot.id}`, { token: team.outsider.token })).status).toBe(403);
    expect((await callApi("GET", "/bots/nosuchbot123", { token: team.admin.token })).body).toEqual({
      code: "NOT_FOUND",
      message: "Not found",
      issues: [],
    });
    expect(
      (await callApi("GET", `/bots/${bot.id}?migrateToLatestVersion=maybe`, { token: team.admin.token }))
        .status,
    ).toBe(400);
    expect((await callApi("GET", `/bots/${bot.id}`)).status).toBe(401);
  });

  it("converts a draft stored at an older version and saves it with migrateToLatestVersion=true", async () => {
    const team = await createTestTeam();
    const bot = await createBot(team.admin.token, team.workspaceId);
    const prisma = getPrisma();
    await prisma.bot.update({
      where: { id: bot.id },
      data: {
        version: "6",
        events: [{ id: "s", type: "start", graphCoordinates: { x: 0, y: 0 } }],
        groups: [
          {
            id: "g",
            title: "G",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [{ id: "l", type: "Typebot link", options: { typebotId: "current", groupId: "g" } }],
          },
        ],
      },
    });
    const plain = await callApi("GET", `/bots/${bot.id}`, { token: team.admin.token });
    expect(plain.body.bot.groups[0].blocks[0]).toMatchObject({
      type: "Bot link",
      options: { botId: "current" },
    });
    expect((await prisma.bot.findUnique({ where: { id: bot.id } }))?.version).toBe("6");
    const migrated = await callApi("GET", `/bots/${bot.id}?migrateToLatestVersion=true`, {
      token: team.admin.token,
    });
    expect(migrated.body.bot.version).toBe("6.1");
    const stored = await prisma.bot.findUnique({ where: { id: bot.id } });
    expect(stored?.version).toBe("6.1");
    expect(JSON.stringify(stored?.groups)).toContain('"Bot link"');
  });

  it("saves a draft stored at an older version whole and converted when a PATCH changes part of its flow", async () => {
    const team = await createTestTeam();
    const bot = await createBot(team.admin.token, team.workspaceId);
    const prisma = getPrisma();
    const link = { id: "l", type: "Typebot link", options: { typebotId: "current", groupId: "g" } };
    await prisma.bot.update({
      where: { id: bot.id },
      data: {
        version: "6",
        events: [{ id: "s", type: "start", graphCoordinates: { x: 0, y: 0 } }],
        groups: [{ id: "g", title: "G", graphCoordinates: { x: 0, y: 0 }, blocks: [link] }],
      },
    });
    const patched = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.admin.token,
      body: { bot: { theme: { general: { font: "Inter" } } } },
    });
    expect(patched.status).toBe(200);
    const stored = await prisma.bot.findUnique({ where: { id: bot.id } });
    expect(stored?.version).toBe("6.1");
    expect(stored?.groups).toMatchObject([{ blocks: [{ type: "Bot link", options: { botId: "current" } }] }]);
    expect(stored?.theme).toMatchObject({ general: { font: "Inter" } });
  });
});
