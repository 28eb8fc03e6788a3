import { getPrisma } from "@parley/db";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  createTestMember,
  readResponse,
} from "../testing/chatFixtures";
import { createListenWebhookFlow, textOf } from "../testing/testFlows";

const prisma = getPrisma();
const { chat } = createTestChat({ webhookListen: { holdMs: 5_000, pollIntervalMs: 20 } });

const send = async (path: string, token: string | undefined, body?: unknown, method = "POST") =>
  readResponse(await chat(chatRequest(path, { token, body, method })));

async function setUp() {
  const bot = await createPublishedTestBot(createListenWebhookFlow());
  const testPath = `/bots/${bot.botId}/blocks/b-listen/executeTestWebhook`;
  return { bot, testPath };
}

describe("POST /api/v1/bots/{botId}/blocks/{blockId}/executeTestWebhook", () => {
  it("keeps the body as the block's last test call and resumes the preview waiting at the block", async () => {
    const { bot, testPath } = await setUp();
    const token = bot.owner.token;
    const preview = await send(`/bots/${bot.botId}/preview/startChat`, token, {});
    expect(preview.status).toBe(200);
    const { listenId } = preview.body.clientSideActions[0].listenForWebhook;

    const called = await send(testPath, token, { order: { id: "T-1" } });
    expect(called).toMatchObject({ status: 200, body: { message: "success" } });
    const stored = await prisma.webhookTestCall.findUniqueOrThrow({
      where: { botId_blockId: { botId: bot.botId, blockId: "b-listen" } },
    });
    expect(stored.body).toEqual({ order: { id: "T-1" } });

    const resumed = await send(
      `/sessions/${preview.body.sessionId}/listenForWebhook/${listenId}`,
      token,
      undefined,
      "GET",
    );
    expect(resumed.body.status).toBe("resumed");
    expect(resumed.body.response.messages.map(textOf)).toEqual(["Order T-1 confirmed"]);

    // A second call with nothing waiting replaces the stored body.
    expect((await send(testPath, token, ["second"])).status).toBe(200);
    const replaced = await prisma.webhookTestCall.findUniqueOrThrow({
      where: { botId_blockId: { botId: bot.botId, blockId: "b-listen" } },
    });
    expect(replaced.body).toEqual(["second"]);
  });

  it("refuses callers without write access, unknown bots and blocks, and bodies over 1 MiB", async () => {
    const { bot, testPath } = await setUp();
    const guest = await createTestMember(bot.owner.workspaceId, "GUEST");
    const outsider = await createTestUser();
    expect(await send(testPath, undefined, {})).toMatchObject({
      status: 401,
      body: { code: "UNAUTHORIZED" },
    });
    for (const token of [bot.chatKey, guest.token, outsider.token, "bt_unknown"])
      expect(await send(testPath, token, {})).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect(await send("/bots/nobot/blocks/b-listen/executeTestWebhook", bot.owner.token, {})).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", issues: [{ code: "BOT_NOT_FOUND" }] },
    });
    expect(
      await send(`/bots/${bot.botId}/blocks/b-done/executeTestWebhook`, bot.owner.token, {}),
    ).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", issues: [{ code: "BLOCK_NOT_FOUND" }] },
    });
    const tooLarge = await send(testPath, bot.owner.token, JSON.stringify({ blob: "x".repeat(1024 * 1024) }));
    expect(tooLarge).toMatchObject({ status: 400, body: { issues: [{ code: "PAYLOAD_TOO_LARGE" }] } });
    expect(await prisma.webhookTestCall.count({ where: { botId: bot.botId } })).toBe(0);
  });
});
