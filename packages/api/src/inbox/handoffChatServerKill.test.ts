import { createChatClient } from "@parley/chat/testing/chatClient";
import { createPublishedTestBot } from "@parley/chat/testing/chatFixtures";
import {
  type ChatServerProcess,
  killChatProcesses,
  spawnChatServer,
  waitForExit,
} from "@parley/chat/testing/spawnChatServer";
import { group, startEdge, startEvent, text, textOf } from "@parley/chat/testing/testFlows";
import { dbEnv, getPrisma } from "@parley/db";
import { afterAll, describe, expect, it } from "vitest";
import { callApi } from "../testing/fixtures";

// Two chat servers as their own processes (`npm run chat-server`) on this test's database; the agent works through
// the REST API of this process (the builder's). The visitor's stream is on the first server, which is SIGKILLed
// while the agent is still sending; the visitor's client reconnects to the second with the last id it got.
const servers: ChatServerProcess[] = [];
afterAll(() => killChatProcesses(servers));

/** Messages the agent sends, one every SEND_PAUSE_MS; the server is killed once KILL_AFTER of them reached the visitor. */
const AGENT_MESSAGES = 30;
const SEND_PAUSE_MS = 40;
const KILL_AFTER = 8;
/** The whole exchange's bound: the stream gives up after it (the test then fails on what is missing). */
const DEADLINE_MS = 90_000;

const flow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      { id: "b-handoff", type: "Human handoff", items: [{ id: "i-fallback", path: "fallback" }] },
      text("b-back", "Back with the bot"),
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [],
};

interface StreamEvent {
  id: string;
  event: string;
  data: {
    content?: unknown;
    from?: string;
    reason?: string;
    response?: { messages: { content: unknown }[] };
  };
  /** The connection it came on (0: the first). */
  connection: number;
}

/**
 * The visitor's client: reads the session's event stream from `baseUrls[server]` with `Last-Event-ID` set to the
 * last event it got, and when a connection fails (refused, reset) tries the next server; a stream ended by the
 * server is opened again. Stops at the `closed` event or the deadline. Only whole events (ended by a blank line)
 * count: a process dying mid-event leaves its part unread.
 */
async function followStream(
  baseUrls: string[],
  sessionId: string,
  chatKey: string,
  received: StreamEvent[],
  onEvent: () => void,
) {
  const deadline = Date.now() + DEADLINE_MS;
  let server = 0;
  let connection = -1;
  const servedBy: number[] = [];
  while (!received.some((event) => event.event === "closed") && Date.now() < deadline) {
    const lastId = received.at(-1)?.id;
    try {
      const response = await fetch(`${baseUrls[server]}/api/v1/sessions/${sessionId}/events`, {
        headers: { authorization: `Bearer ${chatKey}`, ...(lastId ? { "last-event-id": lastId } : {}) },
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      expect(response.status).toBe(200);
      connection += 1;
      servedBy.push(server);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop() ?? "";
        for (const block of blocks) {
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((line) => /^(id|event|data): /.test(line))
              .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
          );
          if (!fields.event) continue;
          received.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data), connection });
          onEvent();
        }
        if (received.some((event) => event.event === "closed")) {
          await reader.cancel();
          break;
        }
      }
    } catch {
      // The server went away: the next one, after a moment (as the widget's reconnection does).
      server = (server + 1) % baseUrls.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return servedBy;
}

describe("a chat server SIGKILLed during a handoff", () => {
  it("the visitor's stream resumes on another server from its last event id: nothing lost or doubled while the agent keeps sending", async () => {
    const databaseUrl = dbEnv.DATABASE_URL ?? "";
    // One after the other, each given 2 minutes: both compile the server at start, slow on a loaded machine.
    const first = await spawnChatServer(databaseUrl, undefined, { startTimeoutMs: 120_000 });
    servers.push(first);
    const second = await spawnChatServer(databaseUrl, undefined, { startTimeoutMs: 120_000 });
    servers.push(second);
    const bot = await createPublishedTestBot(flow);
    const start = await createChatClient(first.baseUrl, bot.chatKey).startChat(bot.publicId);
    expect(start.status).toBe(200);
    const sessionId: string = start.body.sessionId;
    const conversation = await getPrisma().conversation.findFirstOrThrow({ where: { sessionId } });
    const { token } = bot.owner;
    expect(
      (
        await callApi("POST", `/conversations/${conversation.id}/assign`, {
          token,
          body: { userId: bot.owner.user.id },
        })
      ).status,
    ).toBe(200);

    const received: StreamEvent[] = [];
    let sent = 0;
    let sentWhenKilled = -1;
    let killing: Promise<void> | undefined;
    const stream = followStream([first.baseUrl, second.baseUrl], sessionId, bot.chatKey, received, () => {
      if (!killing && received.filter((event) => event.event === "message").length >= KILL_AFTER) {
        sentWhenKilled = sent;
        first.child.kill("SIGKILL");
        killing = waitForExit(first.child);
      }
    });

    // The agent writes on, whatever happens to the chat servers (the builder does not go through them).
    for (let index = 1; index <= AGENT_MESSAGES; index++) {
      const reply = await callApi("POST", `/conversations/${conversation.id}/messages`, {
        token,
        body: { message: { text: `m${index}` } },
      });
      expect(reply.status).toBe(200);
      sent = index;
      await new Promise((resolve) => setTimeout(resolve, SEND_PAUSE_MS));
    }
    // The visitor writes through the server still up; the agent closes and the bot takes over.
    const visitorMessage = await createChatClient(second.baseUrl, bot.chatKey).continueChat(
      sessionId,
      "still there",
    );
    expect(visitorMessage.status).toBe(200);
    const closed = await callApi("POST", `/conversations/${conversation.id}/close`, {
      token,
      body: { resolution: "solved", resume: true },
    });
    expect(closed.status).toBe(200);
    const servedBy = await stream;
    await killing;

    // The kill happened while the agent was sending, and the stream went on from the second server.
    expect(first.child.signalCode).toBe("SIGKILL");
    expect(sentWhenKilled).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(sentWhenKilled).toBeLessThan(AGENT_MESSAGES);
    expect(servedBy[0]).toBe(0);
    expect(servedBy.slice(1)).toContain(1);
    const lastConnection = received.at(-1)?.connection ?? 0;
    expect(lastConnection).toBeGreaterThan(0);
    expect(
      received.filter((event) => event.event === "message" && event.connection > 0).length,
    ).toBeGreaterThan(0);

    // Every agent message once, in order, then the close with the bot's next message.
    expect(
      received.map((event) =>
        event.event === "message" ? textOf(event.data as { content: unknown }) : event.event,
      ),
    ).toEqual([...Array.from({ length: AGENT_MESSAGES }, (_, index) => `m${index + 1}`), "closed"]);
    expect(
      received.filter((event) => event.event === "message").every((event) => event.data.from === "agent"),
    ).toBe(true);
    const ids = received.map((event) => BigInt(event.id));
    expect(ids.every((id, index) => index === 0 || id > (ids[index - 1] ?? 0n))).toBe(true);
    const end = received.at(-1)?.data;
    expect(end?.reason).toBe("closed");
    expect(end?.response?.messages.map(textOf)).toEqual(["Back with the bot"]);

    // The conversation holds the same: the agent's messages once each and the visitor's, in order.
    const stored = await getPrisma().conversationMessage.findMany({
      where: { conversationId: conversation.id, author: { in: ["agent", "visitor"] } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { author: true, text: true },
    });
    expect(stored).toEqual([
      ...Array.from({ length: AGENT_MESSAGES }, (_, index) => ({ author: "agent", text: `m${index + 1}` })),
      { author: "visitor", text: "still there" },
    ]);
  }, 420_000);
});
