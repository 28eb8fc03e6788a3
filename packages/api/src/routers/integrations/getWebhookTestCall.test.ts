import { chatRequest, createPublishedTestBot, createTestChat } from "@parley/chat/testing/chatFixtures";
import { createListenWebhookFlow } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { logger } from "@parley/platform/logger";
import { createTestUser, type TestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createCallerFactory } from "../../trpc";
import { appRouter } from "../appRouter";

const { chat } = createTestChat();

const callerFor = (user: Pick<TestUser, "user" | "email">) =>
  createCallerFactory(appRouter)({
    prisma: getPrisma(),
    logger,
    requestId: "test",
    authenticate: async () => ({ id: user.user.id, email: user.email, name: null }),
  });

describe("integrations.getWebhookTestCall", () => {
  it("gives the block's last test call within 10 minutes, to members only", async () => {
    const bot = await createPublishedTestBot(createListenWebhookFlow());
    const owner = callerFor(bot.owner);
    const input = { botId: bot.botId, blockId: "b-listen" };
    expect(await owner.integrations.getWebhookTestCall(input)).toEqual({ testCall: null });

    const response = await chat(
      chatRequest(`/bots/${bot.botId}/blocks/b-listen/executeTestWebhook`, {
        token: bot.owner.token,
        body: { order: { id: "T-9" } },
      }),
    );
    expect(response.status).toBe(200);
    const { testCall } = await owner.integrations.getWebhookTestCall(input);
    expect(testCall?.body).toEqual({ order: { id: "T-9" } });

    await getPrisma().webhookTestCall.update({
      where: { botId_blockId: input },
      data: { receivedAt: new Date(Date.now() - 11 * 60_000) },
    });
    expect(await owner.integrations.getWebhookTestCall(input)).toEqual({ testCall: null });

    const outsider = await createTestUser();
    await expect(callerFor(outsider).integrations.getWebhookTestCall(input)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
