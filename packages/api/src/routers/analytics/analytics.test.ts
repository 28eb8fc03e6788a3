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

describe("GET /bots/{botId}/analytics/flow: AB test paths", () => {
  const bubble = (id: string) => ({
    id,
    type: "text",
    content: { richText: [{ type: "p", children: [{ text: id }] }] },
  });
  const abFlow = {
    events: [{ id: "ev1", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e0" }],
    variables: [],
    groups: [
      {
        id: "g1",
        title: "Split",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          {
            id: "ab1",
            type: "AB test",
            items: [
              { id: "ia", path: "a", outgoingEdgeId: "ea" },
              { id: "ib", path: "b", outgoingEdgeId: "eb" },
            ],
            options: { aPercent: 50 },
          },
        ],
      },
      { id: "g2", title: "A", graphCoordinates: { x: 0, y: 0 }, blocks: [bubble("t2")] },
      {
        id: "g3",
        title: "B",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          {
            id: "ab2",
            type: "AB test",
            items: [
              { id: "ic", path: "a", outgoingEdgeId: "ec" },
              { id: "id", path: "b" },
            ],
          },
          bubble("t3"),
        ],
      },
      { id: "g4", title: "C", graphCoordinates: { x: 0, y: 0 }, blocks: [bubble("t4")] },
    ],
    edges: [
      { id: "e0", from: { eventId: "ev1" }, to: { groupId: "g1" } },
      { id: "ea", from: { blockId: "ab1", itemId: "ia" }, to: { groupId: "g2" } },
      { id: "eb", from: { blockId: "ab1", itemId: "ib" }, to: { groupId: "g3" } },
      { id: "ec", from: { blockId: "ab2", itemId: "ic" }, to: { groupId: "g4" } },
    ],
  };

  it("counts each path's chats and completions and compares path b with a", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, abFlow);
    for (let index = 0; index < 4; index++)
      await createTestResult(bot, { visitedEdgeIds: ["ea"], isCompleted: index < 3 });
    for (let index = 0; index < 5; index++)
      await createTestResult(bot, {
        visitedEdgeIds: index < 2 ? ["eb", "ec"] : ["eb"],
        isCompleted: index === 0,
      });
    const { status, body } = await callApi("GET", `/bots/${bot.id}/analytics/flow?timeFilter=allTime`, {
      token: team.guest.token,
    });
    expect(status).toBe(200);
    const [first, second] = body.analytics.abTests;
    expect(first.blockId).toBe("ab1");
    expect(first.groupId).toBe("g1");
    expect(first.paths).toEqual([
      { path: "a", chats: 4, completed: 3, completionRate: 0.75 },
      { path: "b", chats: 5, completed: 1, completionRate: 0.2 },
    ]);
    expect(first.completionRate.test).toBe("two-proportion z-test");
    expect(first.completionRate.difference).toBeCloseTo(-0.55, 10);
    // Pooled 4/9: z = -0.55 / sqrt(4/9 * 5/9 * (1/4 + 1/5)) = -1.65
    expect(first.completionRate.zScore).toBeCloseTo(-1.65, 6);
    expect(first.completionRate.isSignificant).toBe(false);
    // Path b of ab2 has no edge of its own: the chats that reached the block and did not take a.
    expect(second.blockId).toBe("ab2");
    expect(second.paths).toEqual([
      { path: "a", chats: 2, completed: 1, completionRate: 0.5 },
      { path: "b", chats: 3, completed: null, completionRate: null },
    ]);
    expect(second.completionRate.difference).toBeNull();
  });
});

describe("custom ranges: from/to beside timeFilter", () => {
  it("counts the stats of a custom range of dates or instants, in the zone's calendar days", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    const answer = [{ blockId: "b2", groupId: "g1", content: "x" }];
    await createTestResult(bot, { createdAt: new Date("2026-02-28T23:30:00.000Z"), answers: answer });
    await createTestResult(bot, {
      createdAt: new Date("2026-03-01T12:00:00.000Z"),
      isCompleted: true,
      answers: answer,
    });
    await createTestResult(bot, { createdAt: new Date("2026-03-03T12:00:00.000Z") });
    const stats = async (query: string) => {
      const { status, body } = await callApi("GET", `/bots/${bot.id}/analytics/stats?${query}`, {
        token: team.guest.token,
      });
      expect(status, query).toBe(200);
      return body.stats;
    };
    expect(await stats("from=2026-03-01&to=2026-03-02")).toEqual({
      totalViews: 1,
      totalStarts: 1,
      totalCompleted: 1,
    });
    // 23:30 UTC on Feb 28 is March 1st in Paris.
    expect(await stats("from=2026-03-01&to=2026-03-02&timeZone=Europe/Paris")).toEqual({
      totalViews: 2,
      totalStarts: 2,
      totalCompleted: 1,
    });
    expect(await stats("from=2026-03-01T12:00:00Z")).toEqual({
      totalViews: 2,
      totalStarts: 1,
      totalCompleted: 1,
    });
    expect(await stats("to=2026-03-01T11:59:59.999Z")).toEqual({
      totalViews: 1,
      totalStarts: 1,
      totalCompleted: 0,
    });
  });

  it("refuses both kinds of range at once and a from after to, naming the field", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    for (const endpoint of ["stats", "series", "flow"]) {
      const both = await callApi(
        "GET",
        `/bots/${bot.id}/analytics/${endpoint}?timeFilter=today&from=2026-03-01`,
        {
          token: team.guest.token,
        },
      );
      expect(both).toEqual({
        status: 400,
        body: {
          code: "BAD_REQUEST",
          message: expect.any(String),
          issues: [
            {
              message: "Give either timeFilter or from/to, not both",
              path: ["timeFilter"],
              code: "CONFLICTING_RANGE",
            },
          ],
        },
      });
      const reversed = await callApi(
        "GET",
        `/bots/${bot.id}/analytics/${endpoint}?from=2026-03-02&to=2026-03-01`,
        {
          token: team.guest.token,
        },
      );
      expect(reversed.status).toBe(400);
      expect(reversed.body.issues).toEqual([
        { message: "from must not be after to", path: ["from"], code: "INVALID_RANGE" },
      ]);
      const malformed = await callApi("GET", `/bots/${bot.id}/analytics/${endpoint}?to=03/01/2026`, {
        token: team.guest.token,
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.issues[0].path).toEqual(["to"]);
    }
  });
});

describe("GET /bots/{botId}/analytics/series", () => {
  it("gives views, starts, completions and the completion rate per day, empty days included", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    const answer = [{ blockId: "b2", groupId: "g1", content: "x" }];
    await createTestResult(bot, {
      createdAt: new Date("2026-03-01T08:00:00.000Z"),
      answers: answer,
      isCompleted: true,
    });
    await createTestResult(bot, { createdAt: new Date("2026-03-01T09:00:00.000Z"), answers: answer });
    await createTestResult(bot, { createdAt: new Date("2026-03-01T10:00:00.000Z") });
    await createTestResult(bot, {
      createdAt: new Date("2026-03-04T23:30:00.000Z"),
      answers: answer,
      isCompleted: true,
    });
    const { status, body } = await callApi(
      "GET",
      `/bots/${bot.id}/analytics/series?from=2026-03-01&to=2026-03-05&timeZone=Europe/Paris`,
      { token: team.guest.token },
    );
    expect(status).toBe(200);
    expect(body.series.interval).toBe("day");
    expect(body.series.timeZone).toBe("Europe/Paris");
    expect(body.series.points).toEqual([
      {
        date: "2026-03-01",
        startsAt: "2026-02-28T23:00:00.000Z",
        views: 3,
        starts: 2,
        completed: 1,
        completionRate: 1 / 3,
      },
      {
        date: "2026-03-02",
        startsAt: "2026-03-01T23:00:00.000Z",
        views: 0,
        starts: 0,
        completed: 0,
        completionRate: null,
      },
      {
        date: "2026-03-03",
        startsAt: "2026-03-02T23:00:00.000Z",
        views: 0,
        starts: 0,
        completed: 0,
        completionRate: null,
      },
      {
        date: "2026-03-04",
        startsAt: "2026-03-03T23:00:00.000Z",
        views: 0,
        starts: 0,
        completed: 0,
        completionRate: null,
      },
      // 23:30 UTC on March 4th is March 5th in Paris.
      {
        date: "2026-03-05",
        startsAt: "2026-03-04T23:00:00.000Z",
        views: 1,
        starts: 1,
        completed: 1,
        completionRate: 1,
      },
    ]);
  });

  it("gives hours for a range under 3 days, and starts allTime at the first chat", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    await createTestResult(bot, { createdAt: new Date("2026-03-01T08:15:00.000Z") });
    await createTestResult(bot, { createdAt: new Date("2026-03-01T08:45:00.000Z"), isCompleted: true });
    const hourly = await callApi("GET", `/bots/${bot.id}/analytics/series?from=2026-03-01&to=2026-03-01`, {
      token: team.guest.token,
    });
    expect(hourly.body.series.interval).toBe("hour");
    expect(hourly.body.series.points).toHaveLength(24);
    expect(hourly.body.series.points[8]).toEqual({
      date: "2026-03-01T08:00",
      startsAt: "2026-03-01T08:00:00.000Z",
      views: 2,
      starts: 0,
      completed: 1,
      completionRate: 0.5,
    });
    const all = await callApi("GET", `/bots/${bot.id}/analytics/series?timeFilter=allTime`, {
      token: team.guest.token,
    });
    expect(all.body.series.interval).toBe("day");
    expect(all.body.series.points[0]).toMatchObject({ date: "2026-03-01", views: 2 });
    expect(all.body.series.points.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe("analytics per language", () => {
  it("counts each language beside the totals, chats without a language in the default one, and filters every view by language", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, {
      ...sampleFlow,
      settings: { languages: { defaultLanguage: "en", languages: ["fr", "de"] } },
    });
    const name = { blockId: "b2", groupId: "g1", content: "n" };
    const choice = { blockId: "b4", groupId: "g1", content: "c" };
    await createTestResult(bot); // recorded before the bot had languages: counts as English
    await createTestResult(bot, { language: "en", answers: [name] });
    await createTestResult(bot, { language: "fr", answers: [name] });
    await createTestResult(bot, {
      language: "fr",
      answers: [name, choice],
      visitedEdgeIds: ["e2"],
      isCompleted: true,
    });
    await createTestResult(bot, { language: "fr" });
    await createTestResult(bot, { language: "de", createdAt: new Date(Date.now() - 10 * 24 * 3600 * 1000) });

    const perLanguage = await callApi("GET", `/bots/${bot.id}/analytics/languages`, {
      token: team.guest.token,
    });
    expect(perLanguage).toEqual({
      status: 200,
      body: {
        defaultLanguage: "en",
        languages: [
          { language: "fr", totalViews: 3, totalStarts: 2, totalCompleted: 1 },
          { language: "en", totalViews: 2, totalStarts: 1, totalCompleted: 0 },
        ],
      },
    });
    const allTime = await callApi("GET", `/bots/${bot.id}/analytics/languages?timeFilter=allTime`, {
      token: team.guest.token,
    });
    expect(allTime.body.languages).toContainEqual({
      language: "de",
      totalViews: 1,
      totalStarts: 0,
      totalCompleted: 0,
    });

    const french = await callApi("GET", `/bots/${bot.id}/analytics/stats?language=fr`, {
      token: team.guest.token,
    });
    expect(french.body.stats).toEqual({ totalViews: 3, totalStarts: 2, totalCompleted: 1 });
    const english = await callApi("GET", `/bots/${bot.id}/analytics/stats?language=en`, {
      token: team.guest.token,
    });
    expect(english.body.stats).toEqual({ totalViews: 2, totalStarts: 1, totalCompleted: 0 });
    const flow = await callApi("GET", `/bots/${bot.id}/analytics/flow?language=fr`, {
      token: team.guest.token,
    });
    expect(flow.body.analytics.totalViews).toBe(3);
    expect(flow.body.analytics.inputs[0]).toEqual({
      blockId: "b2",
      groupId: "g1",
      reached: 3,
      answered: 2,
      dropOff: 1,
      dropOffRate: 1 / 3,
    });
    const series = await callApi("GET", `/bots/${bot.id}/analytics/series?language=en`, {
      token: team.guest.token,
    });
    expect(
      series.body.series.points.reduce((sum: number, point: { views: number }) => sum + point.views, 0),
    ).toBe(2);
    const results = await callApi("GET", `/bots/${bot.id}/results?language=fr`, { token: team.guest.token });
    expect(results.body.results).toHaveLength(3);

    const refused = await callApi("GET", `/bots/${bot.id}/analytics/stats?language=EN_us`, {
      token: team.guest.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0]).toMatchObject({ path: ["language"] });
  });

  it("gives one row without a language for a bot without languages, and is scoped to the bot's workspace", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    await createTestResult(bot);
    const path = `/bots/${bot.id}/analytics/languages`;
    expect(await callApi("GET", path, { token: team.guest.token })).toEqual({
      status: 200,
      body: {
        defaultLanguage: null,
        languages: [{ language: null, totalViews: 1, totalStarts: 0, totalCompleted: 0 }],
      },
    });
    expect((await callApi("GET", path, { token: team.outsider.token })).status).toBe(403);
    expect((await callApi("GET", path)).status).toBe(401);
  });
});
