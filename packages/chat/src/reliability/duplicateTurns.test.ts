import { dbEnv, getPrisma } from "@parley/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatClient } from "../testing/chatClient";
import { createPublishedTestBot } from "../testing/chatFixtures";
import { createLoopFlow } from "../testing/createLoopFlow";
import { type ChatServerProcess, spawnChatServer, waitForExit } from "../testing/spawnChatServer";

// The server runs in its own process, as in production: requests sent at once reach it at once
// (a server sharing the test's event loop would see them one by one).
let server: ChatServerProcess;
beforeAll(async () => {
  server = await spawnChatServer(dbEnv.DATABASE_URL ?? "");
});
afterAll(async () => {
  server.child.kill("SIGTERM");
  await waitForExit(server.child);
});

const countAnswers = (resultId: string) => getPrisma().answer.count({ where: { resultId } });

describe("repeated requests", () => {
  it("stores one answer when the same continueChat is sent 10 times at once, and answers all alike", async () => {
    const bot = await createPublishedTestBot(createLoopFlow(5));
    const client = createChatClient(server.baseUrl, bot.chatKey);
    const start = await client.startChat(bot.publicId);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => client.continueChat(start.body.sessionId, "the same reply")),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    for (const reply of replies) expect(reply.body).toEqual(replies[0]?.body);
    expect(await countAnswers(start.body.resultId)).toBe(1);
    const next = await client.continueChat(start.body.sessionId, "the next reply");
    expect(next.status).toBe(200);
    const answers = await getPrisma().answer.findMany({
      where: { resultId: start.body.resultId },
      orderBy: { index: "asc" },
    });
    expect(answers.map((answer) => [answer.index, answer.content])).toEqual([
      [0, "the same reply"],
      [1, "the next reply"],
    ]);
  });

  it("replays the first response to a request retried with the same Idempotency-Key", async () => {
    const bot = await createPublishedTestBot(createLoopFlow(5));
    const client = createChatClient(server.baseUrl, bot.chatKey);
    const start = await client.startChat(bot.publicId);
    const sessionId = start.body.sessionId;
    const first = await client.continueChat(sessionId, "first", { "idempotency-key": "turn-1" });
    await client.continueChat(sessionId, "second", { "idempotency-key": "turn-2" });
    const retried = await client.continueChat(sessionId, "first", { "idempotency-key": "turn-1" });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first.body);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(await countAnswers(start.body.resultId)).toBe(2);

    const reused = await client.continueChat(sessionId, "something else", { "idempotency-key": "turn-1" });
    expect(reused.status).toBe(400);
    expect(reused.body.issues[0].code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await countAnswers(start.body.resultId)).toBe(2);
  });

  it("creates one session for a startChat sent 5 times at once with the same Idempotency-Key", async () => {
    const bot = await createPublishedTestBot(createLoopFlow(5));
    const client = createChatClient(server.baseUrl, bot.chatKey);
    const starts = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.startChat(bot.publicId, {}, { "idempotency-key": "start-once" }),
      ),
    );
    expect(starts.map((start) => start.status)).toEqual(Array(5).fill(200));
    for (const start of starts) expect(start.body.sessionId).toBe(starts[0]?.body.sessionId);
    expect(await getPrisma().chatSession.count({ where: { botId: bot.botId } })).toBe(1);
    expect(await getPrisma().result.count({ where: { botId: bot.botId } })).toBe(1);
  });
});
