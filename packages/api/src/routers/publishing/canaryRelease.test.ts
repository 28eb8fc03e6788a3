import { createId, getPrisma } from "@parley/db";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createValidFlow } from "../../testing/botFlow";
import { callApi, createApiBot } from "../../testing/fixtures";

const auditActions = async (botId: string) =>
  (
    await getPrisma().auditLogEntry.findMany({ where: { targetId: botId }, orderBy: { createdAt: "asc" } })
  ).map((entry) => entry.action);

/** A bot published once (version 1) whose draft then changed. */
async function createPublishedBot(team: TestTeam) {
  const bot = await createApiBot(team.member.token, team.workspaceId, {
    name: "Helper",
    ...createValidFlow(),
  });
  expect((await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token })).status).toBe(200);
  await callApi("PATCH", `/bots/${bot.id}`, {
    token: team.member.token,
    body: { bot: { name: "Helper 2" } },
  });
  return bot;
}

const versionId = async (botId: string, version: number) =>
  (await getPrisma().publishedBot.findUniqueOrThrow({ where: { botId_version: { botId, version } } })).id;

/** `total` results of a version, `completed` of them completed, created at `createdAt` (now by default). */
async function seedResults(
  bot: { id: string },
  workspaceId: string,
  input: { version: number; total: number; completed: number; createdAt?: Date },
) {
  const publishedBotId = await versionId(bot.id, input.version);
  await getPrisma().result.createMany({
    data: Array.from({ length: input.total }, (_, index) => ({
      id: createId(),
      botId: bot.id,
      workspaceId,
      publishedBotId,
      hasStarted: true,
      isCompleted: index < input.completed,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })),
  });
}

describe("canary releases over REST", () => {
  it("publishes a version to a share of new chats, changes the share, promotes it (each audited)", async () => {
    const team = await createTestTeam();
    const bot = await createPublishedBot(team);
    const published = await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.member.token,
      body: { canary: { percent: 20, autoRollback: { maxDropPoints: 5, minStarts: 100 } } },
    });
    expect(published).toEqual({ status: 200, body: { message: "success", warnings: [] } });
    const canary = await callApi("GET", `/bots/${bot.id}/canary`, { token: team.guest.token });
    expect(canary).toEqual({
      status: 200,
      body: {
        canary: {
          version: 2,
          currentVersion: 1,
          percent: 20,
          startedAt: expect.any(String),
          autoRollback: { maxDropPoints: 5, minStarts: 100 },
        },
      },
    });
    // Version 1 stays the bot's current version; the canary is beside it.
    const versions = await callApi("GET", `/bots/${bot.id}/versions`, { token: team.guest.token });
    expect(
      versions.body.versions.map((v: { version: number; isCurrent: boolean }) => [v.version, v.isCurrent]),
    ).toEqual([
      [2, false],
      [1, true],
    ]);
    const stored = await getPrisma().canaryRelease.findUniqueOrThrow({ where: { botId: bot.id } });
    expect(stored).toMatchObject({ publishedBotId: await versionId(bot.id, 2), percent: 20 });

    const changed = await callApi("PATCH", `/bots/${bot.id}/canary`, {
      token: team.member.token,
      body: { percent: 40, autoRollback: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.canary).toMatchObject({ version: 2, percent: 40, autoRollback: null });

    expect(await callApi("POST", `/bots/${bot.id}/canary/promote`, { token: team.member.token })).toEqual({
      status: 200,
      body: { message: "success" },
    });
    const promoted = await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.id } });
    expect(promoted.publishedBotId).toBe(await versionId(bot.id, 2));
    expect((await callApi("GET", `/bots/${bot.id}/canary`, { token: team.guest.token })).body).toEqual({
      canary: null,
    });
    expect(await auditActions(bot.id)).toEqual([
      "bot.created",
      "bot.published",
      "bot.edited",
      "bot.published",
      "bot.canaryStarted",
      "bot.canaryChanged",
      "bot.canaryPromoted",
    ]);
  });

  it("rolls back: new chats all start on the current version again, the canary's version stays in the history", async () => {
    const team = await createTestTeam();
    const bot = await createPublishedBot(team);
    await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.member.token,
      body: { canary: { percent: 50 } },
    });
    const rolledBack = await callApi("POST", `/bots/${bot.id}/canary/rollback`, { token: team.member.token });
    expect(rolledBack).toEqual({ status: 200, body: { message: "success" } });
    const after = await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.id } });
    expect(after.publishedBotId).toBe(await versionId(bot.id, 1));
    expect(await getPrisma().canaryRelease.findUnique({ where: { botId: bot.id } })).toBeNull();
    expect(await getPrisma().publishedBot.count({ where: { botId: bot.id } })).toBe(2);
    expect((await auditActions(bot.id)).at(-1)).toBe("bot.canaryRolledBack");
    // Nothing left to end.
    for (const action of ["promote", "rollback"]) {
      const again = await callApi("POST", `/bots/${bot.id}/canary/${action}`, { token: team.member.token });
      expect(again.status).toBe(400);
      expect(again.body.issues).toEqual([expect.objectContaining({ code: "NO_CANARY" })]);
    }
    const patch = await callApi("PATCH", `/bots/${bot.id}/canary`, {
      token: team.member.token,
      body: { percent: 5 },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.issues).toEqual([expect.objectContaining({ code: "NO_CANARY" })]);
  });

  it("refuses a canary without a current version, a share outside 1-99, and callers who may not write", async () => {
    const team = await createTestTeam();
    const fresh = await createApiBot(team.member.token, team.workspaceId, createValidFlow());
    const first = await callApi("POST", `/bots/${fresh.id}/publish`, {
      token: team.member.token,
      body: { canary: { percent: 10 } },
    });
    expect(first.status).toBe(400);
    expect(first.body.issues).toEqual([expect.objectContaining({ code: "NOT_PUBLISHED", path: ["canary"] })]);
    expect(await getPrisma().publishedBot.count({ where: { botId: fresh.id } })).toBe(0);

    const bot = await createPublishedBot(team);
    for (const percent of [0, 100, 12.5, "10"]) {
      const refused = await callApi("POST", `/bots/${bot.id}/publish`, {
        token: team.member.token,
        body: { canary: { percent } },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].path).toEqual(["canary", "percent"]);
    }
    const badRule = await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.member.token,
      body: { canary: { percent: 10, autoRollback: { maxDropPoints: -1, minStarts: 5 } } },
    });
    expect(badRule.status).toBe(400);
    expect(badRule.body.issues.map((issue: { path: unknown[] }) => issue.path)).toEqual([
      ["canary", "autoRollback", "maxDropPoints"],
      ["canary", "autoRollback", "minStarts"],
    ]);
    await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.member.token,
      body: { canary: { percent: 10 } },
    });
    for (const [method, path, body] of [
      ["PATCH", "/canary", { percent: 20 }],
      ["POST", "/canary/promote", undefined],
      ["POST", "/canary/rollback", undefined],
    ] as const) {
      for (const caller of [team.guest, team.outsider]) {
        const refused = await callApi(method, `/bots/${bot.id}${path}`, { token: caller.token, body });
        expect(refused.status).toBe(403);
      }
    }
    expect((await callApi("GET", `/bots/${bot.id}/canary`, { token: team.outsider.token })).status).toBe(403);
    expect((await getPrisma().canaryRelease.findUniqueOrThrow({ where: { botId: bot.id } })).percent).toBe(
      10,
    );
  });

  it("ends a running canary on a plain publish and on unpublish", async () => {
    const team = await createTestTeam();
    const bot = await createPublishedBot(team);
    await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.member.token,
      body: { canary: { percent: 10 } },
    });
    await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token });
    expect(await getPrisma().canaryRelease.findUnique({ where: { botId: bot.id } })).toBeNull();
    expect((await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.id } })).publishedBotId).toBe(
      await versionId(bot.id, 3),
    );
    await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.member.token,
      body: { canary: { percent: 10 } },
    });
    await callApi("POST", `/bots/${bot.id}/unpublish`, { token: team.member.token });
    expect(await getPrisma().canaryRelease.findUnique({ where: { botId: bot.id } })).toBeNull();
  });
});

describe("GET /bots/{botId}/analytics/versions", () => {
  it("gives each version's numbers and the canary against the current version with a z-test", async () => {
    const team = await createTestTeam();
    const bot = await createPublishedBot(team);
    // Before the canary: version 1 alone, not part of the comparison.
    await seedResults(bot, team.workspaceId, {
      version: 1,
      total: 50,
      completed: 10,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.member.token,
      body: { canary: { percent: 50 } },
    });
    await seedResults(bot, team.workspaceId, { version: 1, total: 1000, completed: 450 });
    await seedResults(bot, team.workspaceId, { version: 2, total: 1000, completed: 500 });
    const { status, body } = await callApi("GET", `/bots/${bot.id}/analytics/versions`, {
      token: team.guest.token,
    });
    expect(status).toBe(200);
    expect(
      body.versions.map((row: { version: number; totalViews: number }) => [row.version, row.totalViews]),
    ).toEqual([
      [2, 1000],
      [1, 1050],
    ]);
    expect(body.versions[0]).toEqual({
      version: 2,
      totalViews: 1000,
      totalStarts: 1000,
      totalCompleted: 500,
      completionRate: 0.5,
      averageDurationSeconds: expect.any(Number),
      totalAnsweredByHuman: 0,
      answeredByHumanRate: 0,
    });
    expect(body.canary).toMatchObject({ version: 2, currentVersion: 1, percent: 50 });
    expect(body.comparison.current).toMatchObject({ version: 1, totalViews: 1000, totalCompleted: 450 });
    expect(body.comparison.canary).toMatchObject({ version: 2, totalViews: 1000, totalCompleted: 500 });
    expect(body.comparison.completionRate).toMatchObject({
      test: "two-proportion z-test",
      isSignificant: true,
    });
    expect(body.comparison.completionRate.difference).toBeCloseTo(0.05, 6);
    expect(body.comparison.completionRate.zScore).toBeCloseTo(2.239, 2);
    expect(body.comparison.completionRate.pValue).toBeCloseTo(0.0252, 3);

    const oneVersion = await callApi("GET", `/bots/${bot.id}/analytics/stats?version=2&timeFilter=allTime`, {
      token: team.guest.token,
    });
    expect(oneVersion.body.stats).toEqual({ totalViews: 1000, totalStarts: 1000, totalCompleted: 500 });
    const flow = await callApi("GET", `/bots/${bot.id}/analytics/flow?version=1&timeFilter=allTime`, {
      token: team.guest.token,
    });
    expect(flow.status).toBe(200);
    expect(flow.body.analytics.totalViews).toBe(1050);
    const missing = await callApi("GET", `/bots/${bot.id}/analytics/flow?version=9`, {
      token: team.guest.token,
    });
    expect(missing.status).toBe(404);
    expect(
      (await callApi("GET", `/bots/${bot.id}/analytics/versions`, { token: team.outsider.token })).status,
    ).toBe(403);
  });

  it("counts the chats a person answered in the inbox", async () => {
    const team = await createTestTeam();
    const bot = await createPublishedBot(team);
    await seedResults(bot, team.workspaceId, { version: 1, total: 4, completed: 0 });
    const results = await getPrisma().result.findMany({ where: { botId: bot.id }, select: { id: true } });
    const conversation = (resultId: string, author: string, isInternal = false) =>
      getPrisma().conversation.create({
        data: {
          id: createId(),
          workspaceId: team.workspaceId,
          botId: bot.id,
          sessionId: createId(),
          resultId,
          blockId: "b-handoff",
          channel: "web",
          messages: { create: { id: createId(), author, text: "Hi", isInternal } },
        },
      });
    await conversation(results[0]!.id, "agent");
    await conversation(results[1]!.id, "agent", true); // an internal note is not an answer
    await conversation(results[2]!.id, "visitor");
    const { body } = await callApi("GET", `/bots/${bot.id}/analytics/versions`, { token: team.guest.token });
    expect(body.versions).toEqual([
      expect.objectContaining({
        version: 1,
        totalViews: 4,
        totalAnsweredByHuman: 1,
        answeredByHumanRate: 0.25,
      }),
    ]);
    expect(body.canary).toBeNull();
    expect(body.comparison).toBeNull();
  });
});
