import { getPrisma } from "@parley/db";
import { createTestTeam, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createValidFlow } from "../../testing/botFlow";
import { callApi, createApiBot } from "../../testing/fixtures";

const forbiddenBody = { code: "FORBIDDEN", message: "Insufficient access", issues: [] };

describe("POST /bots/{botId}/publish", () => {
  it("snapshots the draft into version 1, 2, … and creates the chat key once", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, {
      name: "Helper",
      ...createValidFlow(),
    });
    const first = await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token });
    expect(first).toEqual({ status: 200, body: { message: "success", warnings: [] } });
    const published = await callApi("GET", `/bots/${bot.id}/publishedBot`, { token: team.guest.token });
    expect(published.status).toBe(200);
    expect(Object.keys(published.body.publishedBot).sort()).toEqual([
      "botId",
      "createdAt",
      "edges",
      "events",
      "groups",
      "id",
      "lastActivityAt",
      "settings",
      "theme",
      "updatedAt",
      "variables",
      "version",
    ]);
    expect(published.body.publishedBot).toMatchObject({
      botId: bot.id,
      groups: bot.groups,
      edges: bot.edges,
    });
    const key = await callApi("GET", `/bots/${bot.id}/chatKey`, { token: team.guest.token });
    expect(key.body.chatKey.key).toMatch(/^ck_/);

    await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: { bot: { name: "Helper 2" } },
    });
    await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    const versions = await callApi("GET", `/bots/${bot.id}/versions`, { token: team.guest.token });
    expect(versions.body.versions).toEqual([
      expect.objectContaining({
        version: 2,
        name: "Helper 2",
        isCurrent: true,
        author: expect.objectContaining({ id: team.admin.user.id }),
      }),
      expect.objectContaining({
        version: 1,
        name: "Helper",
        isCurrent: false,
        author: expect.objectContaining({ id: team.member.user.id }),
      }),
    ]);
    const keyAgain = await callApi("GET", `/bots/${bot.id}/chatKey`, { token: team.guest.token });
    expect(keyAgain.body.chatKey.key).toBe(key.body.chatKey.key);
    const v1 = await getPrisma().publishedBot.findFirst({ where: { botId: bot.id, version: 1 } });
    expect(v1?.name).toBe("Helper");
  });

  it("warns about trademarks in the name and texts and keeps a riskLevel on the bot", async () => {
    const team = await createTestTeam();
    const flow = createValidFlow();
    const text = flow.groups[2]?.blocks[0] as { content: { richText: unknown } };
    text.content.richText = [{ type: "p", children: [{ text: "Enter your Netflix password to continue" }] }];
    const bot = await createApiBot(team.admin.token, team.workspaceId, { name: "PayPal support", ...flow });
    const { status, body } = await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    expect(status).toBe(200);
    expect(body.warnings).toEqual([
      { type: "trademarkInfringement", trademark: "PayPal" },
      { type: "trademarkInfringement", trademark: "Netflix" },
    ]);
    const stored = await callApi("GET", `/bots/${bot.id}`, { token: team.admin.token });
    expect(stored.body.bot.riskLevel).toBe(85);
  });

  it("holds a bot whose phishing signals reach PUBLISH_RISK_THRESHOLD: published, riskLevel 100", async () => {
    const team = await createTestTeam();
    const flow = createValidFlow();
    const text = flow.groups[2]?.blocks[0] as { content: { richText: unknown } };
    text.content.richText = [{ type: "p", children: [{ text: "Confirm your account password" }] }];
    const blocks = flow.groups[2]?.blocks as unknown[];
    blocks.push({
      id: "secret",
      type: "text input",
      options: { labels: { placeholder: "Password" } },
    });
    blocks.push({
      id: "away",
      type: "Redirect",
      options: { url: "https://paypa1-login.com/" },
    });
    const bot = await createApiBot(team.admin.token, team.workspaceId, { name: "Account help", ...flow });
    const { status, body } = await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.warnings).toEqual([{ type: "trademarkInfringement", trademark: "PayPal" }]);
    const stored = await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.id } });
    expect(stored.riskLevel).toBe(100);
    expect(stored.publishedBotId).not.toBeNull();
  });

  it("answers FORBIDDEN for a missing or foreign bot, and the role matrix", async () => {
    const team = await createTestTeam();
    expect(await callApi("POST", "/bots/nosuchbot123/publish", { token: team.admin.token })).toEqual({
      status: 403,
      body: forbiddenBody,
    });
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      const bot = await createApiBot(team.admin.token, team.workspaceId);
      statuses[role] = (await callApi("POST", `/bots/${bot.id}/publish`, { token: team[role].token })).status;
    }
    expect(statuses).toEqual({ admin: 200, member: 200, guest: 403, outsider: 403 });
    expect(await getPrisma().publishedBot.count({ where: { bot: { workspaceId: team.workspaceId } } })).toBe(
      2,
    );
    expect((await callApi("POST", "/bots/nosuchbot123/publish")).status).toBe(401);
    expect((await callApi("POST", "/bots/bad%20id/publish", { token: team.admin.token })).status).toBe(400);
  });

  it("refuses a draft that is not valid any more (BAD_REQUEST), publishing nothing", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.admin.token, team.workspaceId);
    await getPrisma().bot.update({
      where: { id: bot.id },
      data: { edges: [{ id: "x", from: { blockId: "gone" }, to: { groupId: "none" } }] },
    });
    const response = await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    expect(response.status).toBe(400);
    expect(response.body.issues.length).toBeGreaterThan(0);
    expect(await getPrisma().publishedBot.count({ where: { botId: bot.id } })).toBe(0);
  });
});

describe("POST /bots/{botId}/unpublish and GET publishedBot", () => {
  it("stops serving the published version but keeps the history", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.admin.token, team.workspaceId);
    expect((await callApi("GET", `/bots/${bot.id}/publishedBot`, { token: team.admin.token })).status).toBe(
      404,
    );
    await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    const statuses: Record<string, number> = {};
    for (const role of ["guest", "outsider", "member"] as const) {
      statuses[role] = (
        await callApi("POST", `/bots/${bot.id}/unpublish`, { token: team[role].token })
      ).status;
    }
    expect(statuses).toEqual({ guest: 403, outsider: 403, member: 200 });
    expect((await callApi("GET", `/bots/${bot.id}/publishedBot`, { token: team.admin.token })).status).toBe(
      404,
    );
    const again = await callApi("POST", `/bots/${bot.id}/unpublish`, { token: team.admin.token });
    expect(again.status).toBe(400);
    expect(again.body.issues[0].code).toBe("NOT_PUBLISHED");
    expect(await callApi("POST", "/bots/nosuchbot123/unpublish", { token: team.admin.token })).toEqual({
      status: 403,
      body: forbiddenBody,
    });
    const versions = await callApi("GET", `/bots/${bot.id}/versions`, { token: team.admin.token });
    expect(versions.body.versions).toEqual([expect.objectContaining({ version: 1, isCurrent: false })]);
  });

  it("answers the listed errors of GET publishedBot", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.admin.token, team.workspaceId);
    await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    const path = `/bots/${bot.id}/publishedBot`;
    expect(
      (await callApi("GET", `${path}?migrateToLatestVersion=true`, { token: team.guest.token })).status,
    ).toBe(200);
    expect(
      (await callApi("GET", `${path}?migrateToLatestVersion=yes`, { token: team.admin.token })).status,
    ).toBe(400);
    expect((await callApi("GET", path, { token: team.outsider.token })).status).toBe(403);
    expect(
      (await callApi("GET", "/bots/nosuchbot123/publishedBot", { token: team.admin.token })).status,
    ).toBe(404);
    expect((await callApi("GET", path)).status).toBe(401);
  });

  it("returns a version published at an older schema version as stored, converted only with migrateToLatestVersion", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.admin.token, team.workspaceId, createValidFlow());
    await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    const prisma = getPrisma();
    const link = { id: "l", type: "Typebot link", options: { typebotId: "current", groupId: "g" } };
    const stored = await prisma.publishedBot.updateManyAndReturn({
      where: { botId: bot.id },
      data: {
        schemaVersion: "6",
        groups: [{ id: "g", title: "G", graphCoordinates: { x: 0, y: 0 }, blocks: [link] }],
      },
    });
    const path = `/bots/${bot.id}/publishedBot`;
    for (const query of ["", "?migrateToLatestVersion=false"]) {
      const asStored = await callApi("GET", `${path}${query}`, { token: team.guest.token });
      expect(asStored.body.publishedBot.version).toBe("6");
      expect(asStored.body.publishedBot.groups[0].blocks[0]).toEqual(link);
    }
    const converted = await callApi("GET", `${path}?migrateToLatestVersion=true`, {
      token: team.guest.token,
    });
    expect(converted.body.publishedBot.version).toBe("6.1");
    expect(converted.body.publishedBot.groups[0].blocks[0]).toMatchObject({
      type: "Bot link",
      options: { botId: "current" },
    });
    expect(await prisma.publishedBot.findMany({ where: { botId: bot.id } })).toEqual(stored);
  });
});

describe("version history", () => {
  it("reads a version and restores it into the draft", async () => {
    const team = await createTestTeam();
    const flow = createValidFlow();
    const bot = await createApiBot(team.admin.token, team.workspaceId, flow);
    await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    const emptied = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.admin.token,
      body: {
        bot: {
          groups: [],
          edges: [],
          events: [{ id: "ev1", type: "start", graphCoordinates: { x: 0, y: 0 } }],
        },
      },
    });
    expect(emptied.body.bot.groups).toEqual([]);
    const version = await callApi("GET", `/bots/${bot.id}/versions/1`, { token: team.guest.token });
    expect(version.status).toBe(200);
    expect(version.body.publishedBot.groups).toEqual(flow.groups);
    const statuses: Record<string, number> = {};
    for (const role of ["guest", "outsider", "member"] as const) {
      statuses[role] = (
        await callApi("POST", `/bots/${bot.id}/versions/1/restore`, { token: team[role].token })
      ).status;
    }
    expect(statuses).toEqual({ guest: 403, outsider: 403, member: 200 });
    const restored = await callApi("GET", `/bots/${bot.id}`, { token: team.admin.token });
    expect(restored.body.bot.groups).toEqual(flow.groups);
    expect(restored.body.bot.edges).toEqual(flow.edges);
    expect((await callApi("GET", `/bots/${bot.id}/versions/7`, { token: team.admin.token })).status).toBe(
      404,
    );
    expect(
      (await callApi("POST", `/bots/${bot.id}/versions/x/restore`, { token: team.admin.token })).status,
    ).toBe(400);
  });
});

describe("chat key", () => {
  it("is null before the first publish and rotates (MEMBER and ADMIN)", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.admin.token, team.workspaceId);
    expect((await callApi("GET", `/bots/${bot.id}/chatKey`, { token: team.guest.token })).body).toEqual({
      chatKey: null,
    });
    await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    const before = (await callApi("GET", `/bots/${bot.id}/chatKey`, { token: team.admin.token })).body.chatKey
      .key;
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      statuses[role] = (
        await callApi("POST", `/bots/${bot.id}/chatKey/rotate`, { token: team[role].token })
      ).status;
    }
    expect(statuses).toEqual({ admin: 200, member: 200, guest: 403, outsider: 403 });
    const after = (await callApi("GET", `/bots/${bot.id}/chatKey`, { token: team.admin.token })).body.chatKey
      .key;
    expect(after).not.toBe(before);
    expect(await getPrisma().chatKey.count({ where: { key: before } })).toBe(0);
  });
});
