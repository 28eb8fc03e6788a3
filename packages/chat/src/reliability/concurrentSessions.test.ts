import { getPrisma } from "@parley/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatClient } from "../testing/chatClient";
import { createPublishedTestBot, createTestChat } from "../testing/chatFixtures";
import { createLoopFlow } from "../testing/createLoopFlow";
import { startTestChatServer } from "../testing/startTestChatServer";

const SESSIONS = 200;
const TURNS = 10;

let server: Awaited<ReturnType<typeof startTestChatServer>>;
beforeAll(async () => {
  server = await startTestChatServer(createTestChat().chat);
});
afterAll(() => server.close());

describe("concurrent sessions over HTTP", () => {
  it(`stores every answer of ${SESSIONS} concurrent sessions × ${TURNS} turns exactly once`, async () => {
    const bot = await createPublishedTestBot(createLoopFlow(5));
    await getPrisma().workspace.update({ where: { id: bot.workspaceId }, data: { plan: "ENTERPRISE" } });
    const client = createChatClient(server.baseUrl, bot.chatKey);
    const results = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, session) => {
        const start = await client.startChat(bot.publicId);
        expect(start.status).toBe(200);
        for (let turn = 0; turn < TURNS; turn++) {
          const reply = await client.continueChat(start.body.sessionId, `s${session}-t${turn}`);
          expect(reply.status).toBe(200);
          expect(reply.body.input?.type).toBe("text input");
        }
        return { resultId: start.body.resultId as string, session };
      }),
    );
    const answers = await getPrisma().answer.findMany({
      where: { resultId: { in: results.map((result) => result.resultId) } },
      select: { resultId: true, index: true, content: true },
      orderBy: [{ resultId: "asc" }, { index: "asc" }],
    });
    expect(answers).toHaveLength(SESSIONS * TURNS);
    for (const { resultId, session } of results) {
      const stored = answers.filter((answer) => answer.resultId === resultId);
      expect(stored.map((answer) => answer.content)).toEqual(
        Array.from({ length: TURNS }, (_, turn) => `s${session}-t${turn}`),
      );
      expect(stored.map((answer) => answer.index)).toEqual(Array.from({ length: TURNS }, (_, turn) => turn));
    }
    const sessions = await getPrisma().chatSession.findMany({
      where: { botId: bot.botId },
      select: { turn: true },
    });
    expect(sessions.map((session) => session.turn)).toEqual(Array(SESSIONS).fill(TURNS));
  }, 180_000);
});
