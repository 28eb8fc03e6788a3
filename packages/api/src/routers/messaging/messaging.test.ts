import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// The builder's calls go where the operator points them: local Graph and Bot API servers on loopback.
const { graphApi, botApi } = await vi.hoisted(async () => {
  const { startLocalMessagingApis } = await import("@parley/chat/testing/startLocalMessagingApis");
  process.env.VIEWER_URL = "https://chat.parley.test";
  return startLocalMessagingApis();
});

import { toBotDocument } from "@parley/chat/testing/seedPublishedBot";
import { createColourChoiceFlow, createGreetingFlow } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { logger } from "@parley/platform/logger";
import { createTestBot, createTestTeam, type TestUser } from "@parley/platform/testing/fixtures";
import { createCallerFactory } from "../../trpc";
import { appRouter } from "../appRouter";

const prisma = getPrisma();
afterAll(() => Promise.all([graphApi.close(), botApi.close()]));
beforeEach(() => {
  graphApi.takeCalls();
  botApi.takeCalls();
});

const callerFor = (user: TestUser) =>
  createCallerFactory(appRouter)({
    prisma,
    logger,
    requestId: "test",
    authenticate: async () => ({ id: user.user.id, email: user.email, name: null }),
  });

const telegram = { botToken: "123456789:AAF-builder-test-token", secretToken: "tg_builder-secret" };
const whatsApp = {
  systemUserAccessToken: "EAAG-builder-test-token",
  phoneNumberId: "109876543210987",
  appSecret: "builder-app-secret",
  verifyToken: "paste-me-in-meta",
};
const colourFlow = createColourChoiceFlow([
  { id: "i-red", content: "Red" },
  { id: "i-blue", content: "Blue" },
]);

async function setUp(type: "telegram" | "whatsApp" | null, flow = colourFlow) {
  const team = await createTestTeam();
  const credentials = await createWorkspaceCredentials(
    prisma,
    team.workspaceId,
    type === "whatsApp"
      ? { type, name: "Support number", data: whatsApp }
      : { type: "telegram", name: "Support bot", data: telegram },
  );
  const bot = await createTestBot(team.workspaceId, {
    ...toBotDocument(flow),
    messagingCredentialsId: type ? credentials.id : null,
  });
  return { team, credentialsId: credentials.id, botId: bot.id };
}

const issue = (code: string, message?: string) => ({
  appCode: "BAD_REQUEST",
  issues: [expect.objectContaining({ code, ...(message ? { message } : {}) })],
});

describe("connectTelegramWebhook", () => {
  it("calls setWebhook with the viewer's webhook URL, the secret token and the updates answered", async () => {
    const { team, credentialsId, botId } = await setUp("telegram");
    const webhookUrl = `https://chat.parley.test/api/v1/workspaces/${team.workspaceId}/telegram/${credentialsId}/webhook`;
    expect(await callerFor(team.member).messaging.connectTelegramWebhook({ botId })).toEqual({
      webhookUrl,
      description: "Webhook was set",
    });
    expect(botApi.takeCalls()).toEqual([
      {
        path: `/bot${telegram.botToken}/setWebhook`,
        body: {
          url: webhookUrl,
          secret_token: telegram.secretToken,
          allowed_updates: ["message", "callback_query"],
        },
      },
    ]);
  });

  it("says what Telegram refused, and refuses a bot without a Telegram account", async () => {
    const { team, botId } = await setUp("telegram");
    const caller = callerFor(team.member);
    botApi.refuseNext(401, "Unauthorized");
    await expect(caller.messaging.connectTelegramWebhook({ botId })).rejects.toMatchObject(
      issue("PLATFORM_REFUSED", "Telegram did not set the webhook: Unauthorized"),
    );
    await prisma.bot.update({ where: { id: botId }, data: { messagingCredentialsId: null } });
    await expect(caller.messaging.connectTelegramWebhook({ botId })).rejects.toMatchObject(
      issue("MESSAGING_CREDENTIALS_MISSING", "Choose the bot's messaging account first"),
    );
    const onWhatsApp = await setUp("whatsApp");
    await expect(
      callerFor(onWhatsApp.team.member).messaging.connectTelegramWebhook({ botId: onWhatsApp.botId }),
    ).rejects.toMatchObject(issue("CREDENTIALS_UNUSABLE"));
    await expect(callerFor(team.guest).messaging.connectTelegramWebhook({ botId })).rejects.toMatchObject({
      appCode: "FORBIDDEN",
    });
    // The refused call, then nothing: no other attempt reached Telegram.
    expect(botApi.takeCalls()).toHaveLength(1);
  });
});

describe("sendMessagingTestMessage", () => {
  it("sends the draft's first messages and input to a Telegram chat as the channel does, recording nothing", async () => {
    const { team, botId } = await setUp("telegram");
    const sent = await callerFor(team.member).messaging.sendMessagingTestMessage({
      botId,
      recipient: " 5551001 ",
    });
    expect(sent).toEqual({
      channel: "telegram",
      recipient: "5551001",
      messages: [
        { text: "Pick a colour" },
        expect.objectContaining({
          choices: [
            { id: "i-red", label: "Red" },
            { id: "i-blue", label: "Blue" },
          ],
        }),
      ],
    });
    expect(botApi.takeCalls()).toEqual([
      { path: `/bot${telegram.botToken}/sendMessage`, body: { chat_id: "5551001", text: "Pick a colour" } },
      {
        path: `/bot${telegram.botToken}/sendMessage`,
        body: {
          chat_id: "5551001",
          text: "Reply with one of these:",
          reply_markup: {
            inline_keyboard: [
              [{ text: "Red", callback_data: "i-red" }],
              [{ text: "Blue", callback_data: "i-blue" }],
            ],
          },
        },
      },
    ]);
    expect(await prisma.result.count({ where: { botId } })).toBe(0);
    expect(await prisma.chatSession.count({ where: { botId } })).toBe(0);
  });

  it("sends to a WhatsApp number through the Cloud API with the account's token", async () => {
    const { team, botId } = await setUp("whatsApp", createGreetingFlow());
    const sent = await callerFor(team.member).messaging.sendMessagingTestMessage({
      botId,
      recipient: "+49 151 1234 5678",
    });
    expect(sent).toMatchObject({ channel: "whatsApp", recipient: "4915112345678" });
    const envelope = { messaging_product: "whatsapp", recipient_type: "individual", to: "4915112345678" };
    expect(graphApi.takeCalls()).toEqual(
      ["Hello !", "Type your answer..."].map((body) => ({
        method: "POST",
        path: `/v21.0/${whatsApp.phoneNumberId}/messages`,
        authorization: `Bearer ${whatsApp.systemUserAccessToken}`,
        body: { ...envelope, type: "text", text: { body } },
      })),
    );
  });

  it("refuses a recipient that cannot be one, and says what the platform refused", async () => {
    const { team, botId } = await setUp("whatsApp", createGreetingFlow());
    const caller = callerFor(team.member);
    await expect(
      caller.messaging.sendMessagingTestMessage({ botId, recipient: "call me" }),
    ).rejects.toMatchObject({
      appCode: "BAD_REQUEST",
      issues: [
        {
          code: "INVALID_FIELD",
          path: ["recipient"],
          message:
            "Enter a WhatsApp number in international format, country code first (e.g. +33 6 12 34 56 78).",
        },
      ],
    });
    expect(graphApi.takeCalls()).toEqual([]);
    graphApi.failNext(400);
    await expect(
      caller.messaging.sendMessagingTestMessage({ botId, recipient: "33612345678" }),
    ).rejects.toMatchObject(issue("PLATFORM_REFUSED", "WhatsApp refused the message: Refused by the test"));
    const telegramBot = await setUp("telegram");
    await expect(
      callerFor(telegramBot.team.member).messaging.sendMessagingTestMessage({
        botId: telegramBot.botId,
        recipient: "+33612345678",
      }),
    ).rejects.toMatchObject({
      issues: [expect.objectContaining({ code: "INVALID_FIELD", path: ["recipient"] })],
    });
    botApi.refuseNext(400, "Bad Request: chat not found");
    await expect(
      callerFor(telegramBot.team.member).messaging.sendMessagingTestMessage({
        botId: telegramBot.botId,
        recipient: "42",
      }),
    ).rejects.toMatchObject(
      issue("PLATFORM_REFUSED", "Telegram refused the message: Bad Request: chat not found"),
    );
  });
});

describe("getMessagingSetup", () => {
  it("gives the WhatsApp verify token and the other published bots answering every first message", async () => {
    const { team, credentialsId, botId } = await setUp("whatsApp");
    const publish = async (name: string, settings: unknown, publishedAt: Date) => {
      const other = await createTestBot(team.workspaceId, { name, messagingCredentialsId: credentialsId });
      const version = await prisma.publishedBot.create({
        data: {
          id: `${other.id}-v1`,
          botId: other.id,
          version: 1,
          name,
          ...toBotDocument({ ...colourFlow, settings: settings as Record<string, unknown> }),
          createdAt: publishedAt,
        },
      });
      await prisma.bot.update({ where: { id: other.id }, data: { publishedBotId: version.id } });
      return other.id;
    };
    const older = await publish(
      "Older",
      { messaging: { isEnabled: true } },
      new Date("2026-11-01T10:00:00Z"),
    );
    const newer = await publish(
      "Newer",
      { messaging: { isEnabled: true } },
      new Date("2026-11-02T10:00:00Z"),
    );
    await publish("Off", { messaging: { isEnabled: false } }, new Date("2026-11-03T10:00:00Z"));
    await publish(
      "Conditional",
      { messaging: { isEnabled: true, startCondition: { comparisons: [{ id: "c", value: "sales" }] } } },
      new Date("2026-11-04T10:00:00Z"),
    );
    expect(await callerFor(team.member).messaging.getMessagingSetup({ botId })).toEqual({
      verifyToken: whatsApp.verifyToken,
      publishedAt: null,
      unconditionalBots: [
        { id: newer, name: "Newer", publishedAt: "2026-11-02T10:00:00.000Z" },
        { id: older, name: "Older", publishedAt: "2026-11-01T10:00:00.000Z" },
      ],
    });
    await expect(callerFor(team.guest).messaging.getMessagingSetup({ botId })).rejects.toMatchObject({
      appCode: "FORBIDDEN",
    });
  });

  it("has no verify token for a Telegram account, nor anything without an account", async () => {
    const onTelegram = await setUp("telegram");
    expect(
      await callerFor(onTelegram.team.member).messaging.getMessagingSetup({ botId: onTelegram.botId }),
    ).toEqual({ verifyToken: null, publishedAt: null, unconditionalBots: [] });
    const none = await setUp(null);
    expect(await callerFor(none.team.member).messaging.getMessagingSetup({ botId: none.botId })).toEqual({
      verifyToken: null,
      publishedAt: null,
      unconditionalBots: [],
    });
  });
});
