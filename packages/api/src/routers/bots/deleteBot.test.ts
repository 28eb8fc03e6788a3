import { getPrisma } from "@parley/db";
import { createTestResult, createTestTeam, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createValidFlow } from "../../testing/botFlow";
import { callApi, createApiBot } from "../../testing/fixtures";

describe("DELETE /bots/{botId}", () => {
  it("removes the bot from listings and reads, stops its published version and erases its results", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.admin.token, team.workspaceId, createValidFlow());
    expect((await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token })).status).toBe(200);
    await createTestResult(bot, { answers: [{ blockId: "b2", groupId: "g1", content: "Ada" }] });
    const response = await callApi("DELETE", `/bots/${bot.id}`, { token: team.member.token });
    expect(response).toEqual({ status: 200, body: { message: "success" } });

    expect((await callApi("GET", `/bots/${bot.id}`, { token: team.admin.token })).status).toBe(404);
    expect((await callApi("GET", `/bots/${bot.id}/publishedBot`, { token: team.admin.token })).status).toBe(
      404,
    );
    expect((await callApi("GET", `/bots/${bot.id}/results`, { token: team.admin.token })).status).toBe(404);
    const listed = await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, { token: team.admin.token });
    expect(listed.body.bots).toEqual([]);
    const prisma = getPrisma();
    const stored = await prisma.bot.findUnique({ where: { id: bot.id } });
    expect(stored).toMatchObject({ isArchived: true, publicId: null, publishedBotId: null });
    expect(await prisma.publishedBot.count({ where: { botId: bot.id } })).toBe(0);
    expect(await prisma.chatKey.count({ where: { botId: bot.id } })).toBe(0);
    expect(await prisma.answer.count({ where: { result: { botId: bot.id } } })).toBe(0);
    const usage = await callApi("GET", `/billing/usage?workspaceId=${team.workspaceId}`, {
      token: team.admin.token,
    });
    expect(usage.body.totalChatsUsed).toBe(1);
    expect((await callApi("DELETE", `/bots/${bot.id}`, { token: team.admin.token })).status).toBe(404);
    // Its public id is free again.
    const reuse = await createApiBot(team.admin.token, team.workspaceId, { publicId: bot.publicId });
    expect(reuse.publicId).toBe(bot.publicId);
  });

  it("applies the role matrix and answers the listed errors", async () => {
    const team = await createTestTeam();
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      const bot = await createApiBot(team.admin.token, team.workspaceId);
      statuses[role] = (await callApi("DELETE", `/bots/${bot.id}`, { token: team[role].token })).status;
    }
    expect(statuses).toEqual({ admin: 200, member: 200, guest: 403, outsider: 403 });
    expect(await getPrisma().bot.count({ where: { workspaceId: team.workspaceId, isArchived: false } })).toBe(
      2,
    );
    expect((await callApi("DELETE", "/bots/bad%20id", { token: team.admin.token })).status).toBe(400);
    expect((await callApi("DELETE", "/bots/nosuchbot123")).status).toBe(401);
  });
});
