import { getPrisma } from "@parley/db";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createValidFlow } from "../../testing/botFlow";
import { callApi, createApiBot } from "../../testing/fixtures";

describe("POST /bots/{botId}/publish runs the flow checker", () => {
  it("refuses a flow with checker errors, naming each block, and publishes nothing", async () => {
    const team = await createTestTeam();
    const flow = createValidFlow();
    (flow.groups[2]!.blocks as unknown[]).push({ id: "nowhere", type: "Jump", options: {} });
    const bot = await createApiBot(team.member.token, team.workspaceId, { name: "Helper", ...flow });
    const { status, body } = await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: "BAD_REQUEST",
      message: expect.any(String),
      issues: [
        {
          code: "JUMP_TO_MISSING_GROUP",
          message: "This block leads nowhere: choose the group to go to",
          path: ["groups", 2, "blocks", 1],
        },
      ],
    });
    expect(await getPrisma().publishedBot.count({ where: { botId: bot.id } })).toBe(0);
    expect((await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.id } })).publishedBotId).toBeNull();
  });

  it("publishes a flow with checker warnings and returns them with their group and block", async () => {
    const team = await createTestTeam();
    const flow = createValidFlow();
    flow.groups.push({
      id: "g4",
      title: "Forgotten",
      graphCoordinates: { x: 1100, y: 0 },
      blocks: [
        {
          id: "b6",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Hi {{City}}" }] }] },
        },
      ],
    });
    flow.variables.push({ id: "vcity", name: "City" });
    const bot = await createApiBot(team.member.token, team.workspaceId, { name: "Helper", ...flow });
    const { status, body } = await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token });
    expect(status).toBe(200);
    expect(body.warnings).toEqual([
      {
        type: "flowCheck",
        rule: "UNREACHABLE_GROUP",
        message: '"Forgotten" is never reached from the start: nothing leads to it',
        groupId: "g4",
        blockId: null,
      },
      {
        type: "flowCheck",
        rule: "VARIABLE_NEVER_SET",
        message:
          "{{City}} is read here but no block sets it and it has no default value: it stays empty unless the page passes it",
        groupId: "g4",
        blockId: "b6",
      },
    ]);
    expect(await getPrisma().publishedBot.count({ where: { botId: bot.id } })).toBe(1);
  });
});
