import { createTestBot, createTestResult, createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";
import { sampleFlow, sampleFlowVersion5 } from "../../testing/sampleFlow";

describe("GET /bots/{botId}/analytics/stats", () => {
  it("counts views, starts and completions in the range", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    const answer = [{ blockId: "b2", groupId: "g1", content: "x" }];
    await createTestResult(bot);
    await createTestResult(bot, { answers: answer });
    await createTestResult(bot, { answers: answer, isCompleted: true });
    await createTestResult(bot, { answers: answer, createdAt: new Date(Date.now() - 10 * 24 * 3600 * 1000) });
    const week = await callApi("GET", `/bots/${bot.id}/analytics/stats`, { token: team.guest.token });
    expect(week).toEqual({
      status: 200,
      body: { stats: { totalViews: 3, totalStarts: 2, totalCompleted: 1 } },
    });
    const all = await callApi(
      "GET",
      `/bots/${bot.id}/analytics/stats?timeFilter=allTime&timeZone=Asia/Tokyo`,
      {
        token: team.guest.token,
      },
    );
    expect(all.body.stats).toEqual({ totalViews: 4, totalStarts: 3, totalCompleted: 1 });
  });

  it("answers BAD_REQUEST, NOT_FOUND, FORBIDDEN and UNAUTHORIZED", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId);
    const path = `/bots/${bot.id}/analytics/stats`;
    expect((await callApi("GET", `${path}?timeFilter=forever`, { token: team.admin.token })).status).toBe(
      400,
    );
    expect((await callApi("GET", `${path}?timeZone=Not/AZone`, { token: team.admin.token })).status).toBe(
      400,
    );
    expect(
      (await callApi("GET", "/bots/nosuchbot/analytics/stats", { token: team.admin.token })).status,
    ).toBe(404);
    expect((await callApi("GET", path, { token: team.outsider.token })).status).toBe(403);
    expect((await callApi("GET", path)).status).toBe(401);
  });
});

describe("GET /bots/{botId}/analytics/flow", () => {
  it.each([
    ["the latest schema version", sampleFlow],
    ["schema version 5 (a start block, no start event)", sampleFlowVersion5],
  ])("propagates chats through inputs and item edges of a draft stored at %s", async (_, flow) => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, flow);
    const name = { blockId: "b2", groupId: "g1", content: "n" };
    const choice = { blockId: "b4", groupId: "g1", content: "c" };
    await createTestResult(bot); // dropped at b2
    await createTestResult(bot, { answers: [name] }); // dropped at b4
    await createTestResult(bot, { answers: [name, choice], visitedEdgeIds: ["e1"] });
    await createTestResult(bot, { answers: [name, choice], visitedEdgeIds: ["e2"], isCompleted: true });
    const { status, body } = await callApi("GET", `/bots/${bot.id}/analytics/flow?timeFilter=allTime`, {
      token: team.guest.token,
    });
    expect(status).toBe(200);
    expect(body.analytics.totalViews).toBe(4);
    expect(body.analytics.groups).toEqual([
      { groupId: "g1", reached: 4 },
      { groupId: "g2", reached: 1 },
      { groupId: "g3", reached: 1 },
    ]);
    expect(body.analytics.inputs).toEqual([
      { blockId: "b2", groupId: "g1", reached: 4, answered: 3, dropOff: 1, dropOffRate: 0.25 },
      { blockId: "b4", groupId: "g1", reached: 3, answered: 2, dropOff: 1, dropOffRate: 1 / 3 },
      { blockId: "b5", groupId: "g2", reached: 1, answered: 0, dropOff: 1, dropOffRate: 1 },
    ]);
  });
});
