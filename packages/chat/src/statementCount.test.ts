import { observeStatements } from "@parley/db";
import { CLIENT_ADDRESS_HEADER } from "@parley/platform/http/clientAddress";
import { describe, expect, it } from "vitest";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "./testing/chatFixtures";
import { createLoopFlow } from "./testing/createLoopFlow";

// The limits as an install runs them (CHAT_RATE_LIMIT_* defaults), counted in PostgreSQL.
const { chat } = createTestChat({ rateLimitsPerMinute: {} });

async function countStatements(run: () => Promise<Response>) {
  const statements: string[] = [];
  const stop = observeStatements((text) => statements.push(text));
  const response = await readResponse(await run());
  stop();
  expect(response.status).toBe(200);
  return statements;
}

async function measureFlow(groupCount: number) {
  const bot = await createPublishedTestBot(createLoopFlow(groupCount));
  const start = () =>
    chat(
      chatRequest(`/bots/${bot.publicId}/startChat`, {
        token: bot.chatKey,
        body: {},
        headers: { [CLIENT_ADDRESS_HEADER]: `198.51.100.${groupCount % 250}` },
      }),
    );
  await readResponse(await start()); // the published version is now cached
  const startStatements = await countStatements(start);
  const { body } = await readResponse(await start());
  const turns: string[][] = [];
  for (let turn = 0; turn < 3; turn++) {
    turns.push(
      await countStatements(() =>
        chat(
          chatRequest(`/sessions/${body.sessionId}/continueChat`, {
            token: bot.chatKey,
            body: { message: `m${turn}` },
          }),
        ),
      ),
    );
  }
  return { startStatements, turns };
}

describe("SQL statements per request", () => {
  it("answers a text turn with 3 statements (the session's rate limit, one read, one write), for 10 and 3,000 blocks alike", async () => {
    const small = await measureFlow(5);
    const large = await measureFlow(1_500);
    for (const turn of [...small.turns, ...large.turns]) {
      expect(turn).toHaveLength(3);
      expect(turn[0]).toMatch(/^\s*INSERT INTO "RateLimit"/);
      expect(turn[1]).toMatch(/FROM \(SELECT 1\) one\s+LEFT JOIN "ChatSession"/);
      expect(turn[2]).toMatch(/^WITH s AS \(\s+UPDATE "ChatSession"/);
    }
    // startChat: the limits per address and per key, bot + credential, the chats limit, the session
    // with its result.
    for (const start of [small.startStatements, large.startStatements]) {
      expect(start).toHaveLength(5);
      expect(start.slice(0, 2).every((statement) => /^\s*INSERT INTO "RateLimit"/.test(statement))).toBe(
        true,
      );
    }
  });
});
