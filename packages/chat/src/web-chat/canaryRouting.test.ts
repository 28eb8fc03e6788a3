import { getPrisma } from "@parley/db";
import { CLIENT_ADDRESS_HEADER } from "@parley/platform/http/clientAddress";
import { describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  publishTestBotVersion,
  readResponse,
} from "../testing/chatFixtures";
import type { TestFlow } from "../testing/testFlow";
import { group, startEdge, startEvent, text, textOf } from "../testing/testFlows";

// Two chat servers on the same database: each has its own runtime (flow cache, limits).
const serverA = createTestChat();
const serverB = createTestChat();

/** Says which version it is at every step: hello, two questions, bye. */
function versionFlow(tag: string): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group("g-1", [
        text("b-hello", `${tag} hello`),
        { id: "b-first", type: "text input", options: { variableId: "v-first" } },
        text("b-middle", `${tag} middle`),
        { id: "b-second", type: "text input", options: { variableId: "v-second" } },
        text("b-bye", `${tag} bye`),
      ]),
    ],
    edges: [startEdge("g-1")],
    variables: [
      { id: "v-first", name: "First" },
      { id: "v-second", name: "Second" },
    ],
  };
}

/** A bot whose version 1 is current and version 2 a canary for `percent` % of new chats. */
async function createCanaryBot(percent: number) {
  const bot = await createPublishedTestBot(versionFlow("v1"));
  // Above the free plan's chats limit: the split test starts 2,000.
  await getPrisma().workspace.update({ where: { id: bot.workspaceId }, data: { chatsHardLimit: 100_000 } });
  const current = await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.botId } });
  const canaryId = await publishTestBotVersion(bot.botId, versionFlow("v2"));
  // publishTestBotVersion makes v2 current: the canary keeps v1 current and offers v2 to a share.
  await getPrisma().bot.update({
    where: { id: bot.botId },
    data: { publishedBotId: current.publishedBotId },
  });
  await getPrisma().canaryRelease.create({ data: { botId: bot.botId, publishedBotId: canaryId, percent } });
  return { ...bot, currentId: current.publishedBotId as string, canaryId };
}

async function start(server: typeof serverA, bot: { publicId: string; chatKey: string }, index: number) {
  const response = await readResponse(
    await server.chat(
      chatRequest(`/bots/${bot.publicId}/startChat`, {
        token: bot.chatKey,
        body: {},
        headers: { [CLIENT_ADDRESS_HEADER]: `198.51.100.${index % 250}` },
      }),
    ),
  );
  expect(response.body.issues ?? []).toEqual([]);
  expect(response.status).toBe(200);
  return response.body as { sessionId: string; messages: { content: unknown }[] };
}

async function reply(server: typeof serverA, bot: { chatKey: string }, sessionId: string, message: string) {
  const response = await readResponse(
    await server.chat(
      chatRequest(`/sessions/${sessionId}/continueChat`, { token: bot.chatKey, body: { message } }),
    ),
  );
  expect(response.status).toBe(200);
  return (response.body.messages as { content: unknown }[]).map(textOf);
}

describe("canary routing", () => {
  it("sends the canary's share of 2,000 new chats to it, within statistical bounds", async () => {
    const bot = await createCanaryBot(30);
    for (let batch = 0; batch < 100; batch++) {
      await Promise.all(Array.from({ length: 20 }, (_, index) => start(serverA, bot, batch * 20 + index)));
    }
    const sessions = await getPrisma().chatSession.groupBy({
      by: ["publishedBotId"],
      where: { botId: bot.botId },
      _count: { _all: true },
    });
    const count = (id: string) => sessions.find((row) => row.publishedBotId === id)?._count._all ?? 0;
    expect(count(bot.currentId) + count(bot.canaryId)).toBe(2000);
    // Binomial(2000, 0.3): mean 600, standard deviation 20.5; ±5 deviations fails by chance once in 1.7 million runs.
    expect(count(bot.canaryId)).toBeGreaterThanOrEqual(498);
    expect(count(bot.canaryId)).toBeLessThanOrEqual(702);
    // The results (the analytics' rows) carry the version their chat started on.
    const results = await getPrisma().result.count({
      where: { botId: bot.botId, publishedBotId: bot.canaryId },
    });
    expect(results).toBe(count(bot.canaryId));
  });

  it("keeps each chat on its version for all its turns, on either chat server, through a rollback", async () => {
    const bot = await createCanaryBot(50);
    const chats: { sessionId: string; tag: string }[] = [];
    for (let index = 0; index < 30; index++) {
      const server = index % 2 === 0 ? serverA : serverB;
      const started = await start(server, bot, index);
      const greeting = textOf(started.messages[0] as { content: unknown });
      const tag = greeting.split(" ")[0] as string;
      expect(["v1", "v2"]).toContain(tag);
      chats.push({ sessionId: started.sessionId, tag });
    }
    const tags = new Set(chats.map((chat) => chat.tag));
    expect(tags).toEqual(new Set(["v1", "v2"])); // 30 draws at 50 %: both seen but once in 500 million runs
    // Turn 1 on the other server than the start's.
    for (const [index, chat] of chats.entries()) {
      const server = index % 2 === 0 ? serverB : serverA;
      expect(await reply(server, bot, chat.sessionId, "first")).toEqual([`${chat.tag} middle`]);
    }
    // Rolled back: no new chat starts on v2, yet the chats that started there finish there.
    await getPrisma().canaryRelease.delete({ where: { botId: bot.botId } });
    for (let index = 0; index < 20; index++) {
      const started = await start(index % 2 === 0 ? serverA : serverB, bot, 100 + index);
      expect(textOf(started.messages[0] as { content: unknown })).toBe("v1 hello");
    }
    for (const [index, chat] of chats.entries()) {
      const server = index % 2 === 0 ? serverA : serverB;
      expect(await reply(server, bot, chat.sessionId, "second")).toEqual([`${chat.tag} bye`]);
    }
    const stored = await getPrisma().chatSession.findMany({
      where: { id: { in: chats.map((chat) => chat.sessionId) } },
      select: { id: true, publishedBotId: true },
    });
    for (const chat of chats) {
      expect(stored.find((row) => row.id === chat.sessionId)?.publishedBotId).toBe(
        chat.tag === "v1" ? bot.currentId : bot.canaryId,
      );
    }
  });

  it("starts every new chat on the canary's version once it is promoted", async () => {
    const bot = await createCanaryBot(1);
    await getPrisma().$transaction([
      getPrisma().canaryRelease.delete({ where: { botId: bot.botId } }),
      getPrisma().bot.update({ where: { id: bot.botId }, data: { publishedBotId: bot.canaryId } }),
    ]);
    for (let index = 0; index < 10; index++) {
      const started = await start(serverB, bot, index);
      expect(textOf(started.messages[0] as { content: unknown })).toBe("v2 hello");
    }
  });
});
