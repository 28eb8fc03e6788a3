import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createPgPool, dbEnv, getPgPool, getPrisma } from "@parley/db";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createPortServices } from "../core/ports/createPortServices";
import { createTestChat, readResponse } from "../testing/chatFixtures";
import { createChannelTestContext } from "../testing/createChannelTestContext";
import type { TestFlow } from "../testing/testFlow";
import { text } from "../testing/testFlows";
import {
  createWhatsAppBot,
  messagingOn,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "../testing/whatsAppFixtures";

const prisma = getPrisma();
const channel = createChannelTestContext({ apis: { whatsApp: true }, chat: false });
const services = createPortServices({ httpAllowList: ["127.0.0.2"] });
// A second "process": its own runtime, with pools of its own on the same database.
const otherPools = [0, 1].map(() => createPgPool(dbEnv.DATABASE_URL ?? "", 4));

afterAll(() => Promise.all(otherPools.map((pool) => pool.end())));

/** A service on 127.0.0.2 holding every request until `release()`, counting them. */
async function startHeldServer() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let count = 0;
  let onRequest = () => {};
  const server = createServer((_request, response) => {
    count += 1;
    onRequest();
    held.then(() => response.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/slow`,
    count: () => count,
    /** Resolves once the first request arrived. */
    firstRequest: new Promise<void>((resolve) => {
      onRequest = resolve;
    }),
    release: () => release(),
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Asks twice; the first answer runs an HTTP request to `target` before the flow asks again. */
function twoQuestionFlow(target: string): TestFlow {
  const blocks = [
    text("b-hi", "Hi"),
    { id: "b-first", type: "text input", options: { variableId: "v-first" } },
    {
      id: "b-call",
      type: "Webhook",
      options: { webhook: { url: target, method: "GET" }, responseVariableMapping: [] },
    },
    text("b-got", "Got {{First}}"),
    { id: "b-second", type: "text input", options: { variableId: "v-second" } },
    text("b-then", "Then {{Second}}"),
  ];
  return {
    events: [{ id: "start", type: "start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: 0 } }],
    groups: [{ id: "g-1", title: "Ask", graphCoordinates: { x: 0, y: 0 }, blocks }],
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-1" } }],
    variables: [
      { id: "v-first", name: "First" },
      { id: "v-second", name: "Second" },
    ],
    settings: messagingOn(),
  };
}

type TestChat = ReturnType<typeof createTestChat>;

/**
 * Sends "one" through `first`, and while its turn waits on the held service, "two" through
 * `second`; `beforeRelease` runs once "two" was acknowledged. Returns what the sender received.
 */
async function sendTwoTogether(first: TestChat, second: TestChat, beforeRelease: () => Promise<void>) {
  const held = await startHeldServer();
  try {
    const bot = await createWhatsAppBot(twoQuestionFlow(held.url));
    const from = "33622220001";
    const post = async (chat: TestChat, body: string) =>
      readResponse(
        await chat.chat(whatsAppWebhookRequest(bot, whatsAppNotification(from, textMessage(body)))),
      );
    await post(first, "hi");
    await first.runtime.channels.work.idle();
    channel.graph.takeCalls();
    expect((await post(first, "one")).status).toBe(200);
    await held.firstRequest;
    expect((await post(second, "two")).status).toBe(200);
    await beforeRelease();
    held.release();
    await Promise.all([first.runtime.channels.work.idle(), second.runtime.channels.work.idle()]);
    const answers = await prisma.answer.findMany({
      where: { result: { botId: bot.botId } },
      orderBy: { createdAt: "asc" },
    });
    return {
      from,
      calls: channel.graph.takeCalls(),
      answers: answers.map((row) => row.content),
      requests: held.count(),
    };
  } finally {
    await held.close();
  }
}

const expectTwoTurnsInOrder = (outcome: Awaited<ReturnType<typeof sendTwoTogether>>) => {
  const { from } = outcome;
  expect(outcome).toEqual({
    from,
    calls: [textSend(from, "Got one"), textSend(from, "Type your answer..."), textSend(from, "Then two")],
    answers: ["one", "two"],
    requests: 1,
  });
};

describe("messages of one sender arriving together", () => {
  it("through one process: two turns in arrival order, one answer each", async () => {
    const chat = createTestChat({ channels: { whatsAppGraphApiUrl: channel.graph.url }, services });
    expectTwoTurnsInOrder(await sendTwoTogether(chat, chat, async () => {}));
  });

  it("through two processes sharing the database: the second waits for the first's lock", async () => {
    const [pool, lockPool] = otherPools as [ReturnType<typeof createPgPool>, ReturnType<typeof createPgPool>];
    const first = createTestChat({ channels: { whatsAppGraphApiUrl: channel.graph.url }, services });
    const second = createTestChat({
      getPool: () => pool,
      channels: { whatsAppGraphApiUrl: channel.graph.url, getLockPool: () => lockPool },
      services,
    });
    const outcome = await sendTwoTogether(first, second, () =>
      // The second process's turn is queued behind the first's advisory lock, as PostgreSQL shows.
      vi.waitFor(
        async () => {
          const { rows } = await getPgPool().query(
            `SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          );
          expect(rows[0]?.waiting).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      ),
    );
    expectTwoTurnsInOrder(outcome);
  });
});
