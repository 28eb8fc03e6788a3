import { getPgPool, getPrisma } from "@parley/db";
import { appendSessionEvent } from "@parley/db/queries/appendSessionEvent";
import { logger } from "@parley/platform/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import { startTestChatServer } from "../testing/startTestChatServer";
import { group, startEdge, startEvent, text, textOf } from "../testing/testFlows";
import { closeHandoffConversation } from "./closeHandoffConversation";

const prisma = getPrisma();
// Two chat servers of their own runtimes: the visitor's stream on B, the agent's close through A.
const viewerA = createTestChat({ sessionEvents: { heartbeatMs: 100 } });
const viewerB = createTestChat({ sessionEvents: { heartbeatMs: 100 } });
let serverA: Awaited<ReturnType<typeof startTestChatServer>>;
let serverB: Awaited<ReturnType<typeof startTestChatServer>>;
beforeAll(async () => {
  serverA = await startTestChatServer(viewerA.chat);
  serverB = await startTestChatServer(viewerB.chat);
});
afterAll(async () => {
  await serverA.close();
  await serverB.close();
});

const flow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      { id: "b-handoff", type: "Human handoff", items: [{ id: "i-fallback", path: "fallback" }] },
      text("b-back", "The bot again"),
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [],
};

async function startHandoff() {
  const bot = await createPublishedTestBot(flow);
  const start = await readResponse(
    await viewerA.chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  const sessionId: string = start.body.sessionId;
  const conversation = await prisma.conversation.findFirstOrThrow({ where: { sessionId } });
  return { bot, sessionId, conversation };
}

const agentMessage = (sessionId: string, words: string) =>
  appendSessionEvent(getPgPool(), {
    sessionId,
    type: "message",
    data: {
      id: `m-${words}`,
      type: "text",
      content: { type: "richText", richText: [{ type: "p", children: [{ text: words }] }] },
      from: "agent",
    },
  });

interface SseEvent {
  id?: string;
  event?: string;
  data?: unknown;
}

/** Opens the stream and reads it until `until` holds (or it ends); returns the events and the raw text. */
async function readStream(
  baseUrl: string,
  sessionId: string,
  token: string,
  until: (events: SseEvent[], raw: string) => boolean,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/sessions/${sessionId}/events`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let raw = "";
  let events: SseEvent[] = [];
  let isEnded = false;
  while (!until(events, raw)) {
    const chunk = await reader.read();
    if (chunk.done) {
      isEnded = true;
      break;
    }
    raw += decoder.decode(chunk.value, { stream: true });
    events = parse(raw);
  }
  controller.abort();
  return { events, raw, isEnded, opened: Promise.resolve() };
}

function parse(raw: string): SseEvent[] {
  return raw
    .split("\n\n")
    .filter((block) => block.includes("event: "))
    .map((block) => {
      const event: SseEvent = {};
      for (const line of block.split("\n")) {
        if (line.startsWith("id: ")) event.id = line.slice(4);
        if (line.startsWith("event: ")) event.event = line.slice(7);
        if (line.startsWith("data: ")) event.data = JSON.parse(line.slice(6));
      }
      return event;
    });
}

describe("GET /sessions/{sessionId}/events", () => {
  it("delivers an agent's message written anywhere to a stream on another server, then the close and the bot's next turn", async () => {
    const { bot, sessionId, conversation } = await startHandoff();
    const reading = readStream(serverB.baseUrl, sessionId, bot.chatKey, (events) =>
      events.some((event) => event.event === "closed"),
    );
    // The stream on B is open (its first heartbeat or the retry line) before the agent writes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await agentMessage(sessionId, "Hello from Grace");
    await closeHandoffConversation(
      viewerA.runtime,
      {
        conversationId: conversation.id,
        workspaceId: bot.workspaceId,
        resolution: "done",
        resume: true,
      },
      logger,
    );
    const { events, raw, isEnded } = await reading;
    expect(events.map((event) => event.event)).toEqual(["message", "closed"]);
    expect(events[0]?.data).toMatchObject({ type: "text", from: "agent" });
    expect(textOf(events[0]?.data as { content: unknown })).toBe("Hello from Grace");
    const closed = events[1]?.data as { reason: string; response: { messages: { content: unknown }[] } };
    expect(closed.reason).toBe("closed");
    expect(closed.response.messages.map(textOf)).toEqual(["The bot again"]);
    expect(raw).toContain(": heartbeat");
    expect(isEnded || events.length === 2).toBe(true);
  });

  it("resumes after a reconnect from Last-Event-ID, nothing lost or doubled; the long poll answers the same", async () => {
    const { bot, sessionId } = await startHandoff();
    const first = await agentMessage(sessionId, "one");
    await agentMessage(sessionId, "two");
    await agentMessage(sessionId, "three");
    const resumed = await readStream(
      serverA.baseUrl,
      sessionId,
      bot.chatKey,
      (events) => events.length >= 2,
      { "last-event-id": first },
    );
    expect(resumed.events.map((event) => textOf(event.data as { content: unknown }))).toEqual([
      "two",
      "three",
    ]);
    const poll = await fetch(
      `${serverB.baseUrl}/api/v1/sessions/${sessionId}/events?wait=1&lastEventId=${first}`,
      { headers: { authorization: `Bearer ${bot.chatKey}` } },
    );
    const body = (await poll.json()) as {
      events: { id: string; event: string; data: { content: unknown } }[];
    };
    expect(body.events.map((event) => textOf(event.data))).toEqual(["two", "three"]);
    const last = body.events.at(-1)?.id;
    const startedAt = Date.now();
    const waiting = fetch(
      `${serverB.baseUrl}/api/v1/sessions/${sessionId}/events?wait=5&lastEventId=${last}`,
      {
        headers: { authorization: `Bearer ${bot.chatKey}` },
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await agentMessage(sessionId, "four");
    const woken = (await (await waiting).json()) as { events: { data: { content: unknown } }[] };
    expect(woken.events.map((event) => textOf(event.data))).toEqual(["four"]);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it("delivers events in the order written when their ids gain a digit (9 before 10)", async () => {
    const { bot, sessionId } = await startHandoff();
    // The next ids end just below a power of ten: the two messages straddle it.
    await getPgPool().query(
      `SELECT setval('"SessionEvent_id_seq"', power(10, length((SELECT last_value FROM "SessionEvent_id_seq")::text) + 1)::bigint - 2)`,
    );
    const first = await agentMessage(sessionId, "nine");
    const second = await agentMessage(sessionId, "ten");
    expect(second.length).toBe(first.length + 1);
    const poll = await fetch(`${serverB.baseUrl}/api/v1/sessions/${sessionId}/events?wait=0`, {
      headers: { authorization: `Bearer ${bot.chatKey}` },
    });
    const body = (await poll.json()) as { events: { id: string; data: { content: unknown } }[] };
    expect(body.events.map((event) => [event.id, textOf(event.data)])).toEqual([
      [first, "nine"],
      [second, "ten"],
    ]);
  });

  it("another bot's chat key cannot read a session's events; bad parameters are refused", async () => {
    const { sessionId } = await startHandoff();
    const other = await createPublishedTestBot(flow);
    const url = `${serverA.baseUrl}/api/v1/sessions/${sessionId}/events`;
    const refused = await fetch(`${url}?wait=0`, { headers: { authorization: `Bearer ${other.chatKey}` } });
    expect(refused.status).toBe(403);
    expect((await fetch(`${url}?wait=0`)).status).toBe(401);
    const own = await startHandoff();
    const ownUrl = `${serverA.baseUrl}/api/v1/sessions/${own.sessionId}/events`;
    for (const query of ["?wait=99", "?wait=1.5", "?wait=0&lastEventId=abc"]) {
      const refusedInput = await fetch(`${ownUrl}${query}`, {
        headers: { authorization: `Bearer ${own.bot.chatKey}` },
      });
      expect(refusedInput.status).toBe(400);
    }
  });
});
