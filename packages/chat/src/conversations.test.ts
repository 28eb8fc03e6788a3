import { getPrisma } from "@parley/db";
import {
  type ConversationFixture,
  conversationFixtures,
  materializeFixture,
  startFixtureHttpServer,
  summariseTurn,
  type TurnExpectation,
} from "@parley/engine/testing";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { continueChatResponseSchema, startChatResponseSchema } from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "./core/ports/createPortServices";
import { createChatClient } from "./testing/chatClient";
import { createTestChat } from "./testing/chatFixtures";
import { seedPublishedBot } from "./testing/seedPublishedBot";
import { startTestChatServer } from "./testing/startTestChatServer";

// The engine's conversation fixtures (every block kind), replayed over HTTP: the chat handlers on a
// node:http server, published bots in the database, chat key auth, every turn persisted and read back.
let httpServer: Awaited<ReturnType<typeof startFixtureHttpServer>>;
let chatServer: Awaited<ReturnType<typeof startTestChatServer>>;
const { chat } = createTestChat({
  services: createPortServices({ httpAllowList: ["127.0.0.1"] }),
});

beforeAll(async () => {
  httpServer = await startFixtureHttpServer();
  chatServer = await startTestChatServer(chat);
});
afterAll(async () => {
  await httpServer.close();
  await chatServer.close();
});

/** A wire response (validated against the contract first) in the fixture's terms. */
function expectTurn(body: unknown, expected: TurnExpectation) {
  const summary = summariseTurn(body as Parameters<typeof summariseTurn>[0]);
  const checked = Object.fromEntries(
    Object.keys(expected).map((key) => [key, summary[key as keyof TurnExpectation]]),
  );
  expect(checked).toEqual(expected);
}

async function publishFixture(fixture: ConversationFixture) {
  const prisma = getPrisma();
  const { workspaceId, token } = await createTestUser();
  const botIds: Record<string, string> = {};
  for (const [name, document] of Object.entries(fixture.linkedBots ?? {})) {
    botIds[name] = (await seedPublishedBot(prisma, workspaceId, document)).botId;
  }
  const document = materializeFixture(fixture.bot, { httpServerUrl: httpServer.url, botIds });
  const bot = await seedPublishedBot(prisma, workspaceId, document);
  return { ...bot, ownerToken: token, listenBlockId: findListenBlockId(document) };
}

/** The id of the bot's Webhook (listen) block, which a fixture's `webhookBody` turn calls. */
function findListenBlockId(document: { groups: { blocks: { id: string; type: string }[] }[] }) {
  return document.groups.flatMap((group) => group.blocks).find((block) => block.type === "webhook")?.id;
}

/** The listen id of a response's listenForWebhook action, if it waits for a call. */
function getListenId(body: unknown): string | undefined {
  const actions = (body as { clientSideActions?: { listenForWebhook?: { listenId: string } }[] })
    .clientSideActions;
  return actions?.find((action) => action.listenForWebhook)?.listenForWebhook?.listenId;
}

describe("conversation fixtures replayed over HTTP", () => {
  for (const fixture of conversationFixtures) {
    it(`${fixture.name}: ${fixture.description}`, async () => {
      const bot = await publishFixture(fixture);
      const start = materializeFixture(fixture.start ?? {}, { httpServerUrl: httpServer.url });
      const [first, ...rest] = fixture.turns;
      const client = createChatClient(chatServer.baseUrl, bot.chatKey);
      const started = await client.startChat(bot.publicId, start);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const startBody = startChatResponseSchema.parse(started.body);
      if (first) expectTurn(started.body, first.expect);
      let previous: unknown = started.body;
      for (const [index, turn] of rest.entries()) {
        if (turn.webhookBody !== undefined) {
          // The call a third party makes, then the waiting client's long poll hands over what follows.
          const listenId = getListenId(previous);
          const called = await client.post(
            `/bots/${bot.publicId}/blocks/${bot.listenBlockId}/results/${startBody.resultId}/executeWebhook`,
            JSON.parse(turn.webhookBody),
            { authorization: `Bearer ${bot.ownerToken}` },
          );
          expect(called.status, JSON.stringify(called.body)).toBe(200);
          const polled = await client.get(`/sessions/${startBody.sessionId}/listenForWebhook/${listenId}`);
          expect(polled.status, JSON.stringify(polled.body)).toBe(200);
          const resumed = polled.body as { status: string; response: unknown };
          expect(resumed.status).toBe("resumed");
          expectTurn(resumed.response, turn.expect);
          previous = resumed.response;
          continue;
        }
        const response = await client.post(
          `/sessions/${startBody.sessionId}/continueChat`,
          {
            message: turn.send ?? null,
            ...(turn.format ? { textBubbleContentFormat: turn.format } : {}),
          },
          { "idempotency-key": `${fixture.name}-${index}` },
        );
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        continueChatResponseSchema.parse(response.body);
        expectTurn(response.body, turn.expect);
        previous = response.body;
      }
    });
  }
});
