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
import { createPortServices } from "./ports/createPortServices";
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
  const { workspaceId } = await createTestUser();
  const botIds: Record<string, string> = {};
  for (const [name, document] of Object.entries(fixture.linkedBots ?? {})) {
    botIds[name] = (await seedPublishedBot(prisma, workspaceId, document)).botId;
  }
  const document = materializeFixture(fixture.bot, { httpServerUrl: httpServer.url, botIds });
  return seedPublishedBot(prisma, workspaceId, document);
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
      for (const [index, turn] of rest.entries()) {
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
      }
    });
  }
});
