import { getPrisma } from "@parley/db";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createValidFlow } from "../../testing/botFlow";
import { callApi, createApiBot } from "../../testing/fixtures";

/** On the valid flow: the visitor answers "Ada", then clicks No; the group "End" says "Bye". */
const saysBye = {
  id: "says-bye",
  name: "Says bye",
  steps: [
    { type: "text", text: "Ada" },
    { type: "choice", label: "No" },
    { type: "messageContains", text: "Bye" },
  ],
};

/** The flow with the "End" group's text changed: the test above fails on it. */
const brokenFlow = () => {
  const flow = createValidFlow();
  flow.groups[2]!.blocks = [
    { id: "b5", type: "text", content: { richText: [{ type: "p", children: [{ text: "See you" }] }] } },
  ];
  return flow;
};

const auditActions = async (botId: string) =>
  (
    await getPrisma().auditLogEntry.findMany({ where: { targetId: botId }, orderBy: { createdAt: "asc" } })
  ).map((entry) => entry.action);

describe("POST /bots/{botId}/publish runs the bot's tests", () => {
  it("publishes a bot whose tests pass", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, {
      ...createValidFlow(),
      tests: [saysBye],
    });
    const { status } = await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token });
    expect(status).toBe(200);
    expect(await getPrisma().publishedBot.count({ where: { botId: bot.id } })).toBe(1);
    expect(await auditActions(bot.id)).not.toContain("bot.publishedWithFailingTests");
  });

  it("refuses a bot whose test fails, listing each failure, and publishes nothing", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, {
      ...brokenFlow(),
      tests: [saysBye],
    });
    const { status, body } = await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: "BAD_REQUEST",
      message: expect.any(String),
      issues: [
        {
          code: "BOT_TEST_FAILED",
          path: ["tests", 0],
          message:
            'Test "Says bye" failed at step 3: expected a message containing "Bye"; got the bot\'s messages: "See you"',
        },
      ],
    });
    expect(await getPrisma().publishedBot.count({ where: { botId: bot.id } })).toBe(0);
  });

  it("lets only an ADMIN override failing tests, and records the override in the audit log", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, {
      ...brokenFlow(),
      tests: [saysBye],
    });
    const byMember = await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.member.token,
      body: { overrideFailingTests: true },
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.issues).toEqual([
      {
        code: "ADMIN_ONLY",
        message: "Only a workspace ADMIN publishes a bot whose tests fail",
        path: ["overrideFailingTests"],
      },
    ]);
    expect(await getPrisma().publishedBot.count({ where: { botId: bot.id } })).toBe(0);

    const byAdmin = await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.admin.token,
      body: { overrideFailingTests: true },
    });
    expect(byAdmin.status).toBe(200);
    expect(await getPrisma().publishedBot.count({ where: { botId: bot.id } })).toBe(1);
    const entries = await getPrisma().auditLogEntry.findMany({
      where: { targetId: bot.id, action: "bot.publishedWithFailingTests" },
    });
    expect(entries).toEqual([expect.objectContaining({ actorId: team.admin.user.id, targetType: "bot" })]);
  });
});
