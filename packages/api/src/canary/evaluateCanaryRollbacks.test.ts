import { createId, getPrisma } from "@parley/db";
import { logger } from "@parley/platform/logger";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createValidFlow } from "../testing/botFlow";
import { callApi, createApiBot } from "../testing/fixtures";
import { evaluateCanaryRollbacks } from "./evaluateCanaryRollbacks";
import { createCanaryRollbackJob } from "./startCanaryRollbackJob";

/** Version 1 current, version 2 a canary at 50 % with the rule "more than 10 points lower at ≥ 100 chats". */
async function createCanaryBot(team: TestTeam) {
  const bot = await createApiBot(team.member.token, team.workspaceId, createValidFlow());
  await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token });
  await callApi("PATCH", `/bots/${bot.id}`, { token: team.member.token, body: { bot: { name: "Next" } } });
  const canary = await callApi("POST", `/bots/${bot.id}/publish`, {
    token: team.member.token,
    body: { canary: { percent: 50, autoRollback: { maxDropPoints: 10, minStarts: 100 } } },
  });
  expect(canary.status).toBe(200);
  const versions = await getPrisma().publishedBot.findMany({
    where: { botId: bot.id },
    orderBy: { version: "asc" },
  });
  return { id: bot.id, currentId: versions[0]!.id, canaryId: versions[1]!.id };
}

async function seed(
  bot: { id: string },
  workspaceId: string,
  publishedBotId: string,
  total: number,
  completed: number,
) {
  await getPrisma().result.createMany({
    data: Array.from({ length: total }, (_, index) => ({
      id: createId(),
      botId: bot.id,
      workspaceId,
      publishedBotId,
      hasStarted: true,
      isCompleted: index < completed,
    })),
  });
}

const canaryOf = (botId: string) => getPrisma().canaryRelease.findUnique({ where: { botId } });

describe("the automatic rollback rule", () => {
  it("waits for the canary's minimum of chats, then rolls it back when it is more than X points lower (audited)", async () => {
    const team = await createTestTeam();
    const bot = await createCanaryBot(team);
    await seed(bot, team.workspaceId, bot.currentId, 200, 120); // 60 %
    await seed(bot, team.workspaceId, bot.canaryId, 99, 40); // 40 %, one chat short of the minimum
    await evaluateCanaryRollbacks(getPrisma());
    expect(await canaryOf(bot.id)).not.toBeNull();

    await seed(bot, team.workspaceId, bot.canaryId, 1, 0); // 100 chats, 40 %: 20 points lower
    const rollbacks = await evaluateCanaryRollbacks(getPrisma());
    expect(rollbacks.filter((rollback) => rollback.botId === bot.id)).toEqual([
      expect.objectContaining({ version: 2, workspaceId: team.workspaceId }),
    ]);
    expect(await canaryOf(bot.id)).toBeNull();
    const stored = await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.id } });
    expect(stored.publishedBotId).toBe(bot.currentId);
    const entry = await getPrisma().auditLogEntry.findFirstOrThrow({
      where: { targetId: bot.id },
      orderBy: { createdAt: "desc" },
    });
    expect(entry).toMatchObject({
      action: "bot.canaryRolledBackAutomatically",
      workspaceId: team.workspaceId,
      actorId: null,
      actorEmail: "system:canary-rollback",
    });
    // Listed in the workspace's audit log like any entry.
    const log = await callApi("GET", `/workspaces/${team.workspaceId}/auditLog`, { token: team.admin.token });
    expect(log.body.entries[0]).toMatchObject({
      action: "bot.canaryRolledBackAutomatically",
      actor: { id: null, email: "system:canary-rollback" },
    });
  });

  it("leaves a canary within the allowed drop, or without a rule, running", async () => {
    const team = await createTestTeam();
    const within = await createCanaryBot(team);
    await seed(within, team.workspaceId, within.currentId, 200, 120); // 60 %
    await seed(within, team.workspaceId, within.canaryId, 200, 101); // 50.5 %: 9.5 points lower
    const noRule = await createCanaryBot(team);
    await callApi("PATCH", `/bots/${noRule.id}/canary`, {
      token: team.member.token,
      body: { autoRollback: null },
    });
    await seed(noRule, team.workspaceId, noRule.currentId, 200, 200);
    await seed(noRule, team.workspaceId, noRule.canaryId, 200, 0);
    await evaluateCanaryRollbacks(getPrisma());
    expect(await canaryOf(within.id)).not.toBeNull();
    expect(await canaryOf(noRule.id)).not.toBeNull();
  });

  it("runs as a periodic job of the durable queue", async () => {
    const team = await createTestTeam();
    const bot = await createCanaryBot(team);
    await seed(bot, team.workspaceId, bot.currentId, 100, 90);
    await seed(bot, team.workspaceId, bot.canaryId, 100, 10);
    const job = createCanaryRollbackJob({ getPrisma, logger });
    expect(await job.tick()).toBe("ran");
    expect(await canaryOf(bot.id)).toBeNull();
  });
});
