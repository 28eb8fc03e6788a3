// @vitest-environment jsdom
import type { ContinueChatResponse, StartChatResponse } from "@parley/schemas";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createChatClient } from "../api/createChatClient";
import { ChatView } from "../ChatView";
import { ChatController } from "./ChatController";
import { parseServerSentEvents } from "./followAgentStream";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const text = (id: string, value: string) => ({
  id,
  type: "text" as const,
  content: { type: "richText" as const, richText: [{ type: "p", children: [{ text: value }] }] },
});
const handoffInput = {
  id: "handoff",
  type: "text input" as const,
  options: { labels: { placeholder: "Type your message…" } },
};
const listenForAgent = {
  type: "listenForAgent" as const,
  listenForAgent: { conversationId: "c1" },
  lastBubbleBlockId: "handoff",
  expectsDedicatedReply: false,
};
const waiting: StartChatResponse = {
  sessionId: "s1",
  resultId: "r1",
  bot: {
    id: "b1",
    theme: {},
    settings: { general: {}, typingEmulation: { enabled: false } },
    publishedAt: null,
  },
  messages: [text("handoff", "A member of our team will be with you shortly.")],
  input: handoffInput,
  clientSideActions: [listenForAgent],
  logs: [],
};
const resumed: ContinueChatResponse = {
  messages: [text("after", "Back to the bot: anything else?")],
  input: { id: "more", type: "text input", options: { labels: { placeholder: "Anything else" } } },
  clientSideActions: [],
  logs: [],
};

/**
 * The session event stream as the chat runtime serves it: each GET of /events gets a stream the test
 * writes Server-Sent Events text to, then ends (the server's stream lifetime) or keeps open.
 */
function createEventServer() {
  const connections: { headers: Headers; write: (text: string) => void; end: () => void }[] = [];
  const continued: unknown[] = [];
  const waiters: (() => void)[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(url)).pathname;
    if (path.endsWith("/startChat")) return Response.json(waiting);
    if (path.endsWith("/continueChat")) {
      continued.push(JSON.parse(String(init?.body)));
      return Response.json({
        messages: [],
        input: handoffInput,
        clientSideActions: [listenForAgent],
        logs: [],
      });
    }
    if (path === "/api/v1/sessions/s1/events") {
      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c;
        },
      });
      init?.signal?.addEventListener("abort", () =>
        controller.error(new DOMException("aborted", "AbortError")),
      );
      connections.push({
        headers: new Headers(init?.headers),
        write: (chunk) => controller.enqueue(encoder.encode(chunk)),
        end: () => controller.close(),
      });
      for (const wake of waiters.splice(0)) wake();
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }
    return Response.json({ code: "NOT_FOUND", message: "Not found", issues: [] }, { status: 404 });
  };
  const connection = async (index: number) => {
    while (!connections[index]) await new Promise<void>((resolve) => waiters.push(resolve));
    return connections[index];
  };
  return { fetch, connections, connection, continued };
}

describe("parseServerSentEvents", () => {
  it("reads ids, names, multi-line data and retry, skips comments and keeps an unfinished event", () => {
    const { events, rest } = parseServerSentEvents(
      'retry: 2000\n\n: heartbeat\n\nid: 7\r\nevent: message\r\ndata: {"a":\r\ndata: 1}\r\n\r\nid: 8\nevent: typ',
    );
    expect(events).toEqual([
      { id: null, event: "message", data: "", retryMs: 2000 },
      { id: "7", event: "message", data: '{"a":\n1}', retryMs: null },
    ]);
    expect(rest).toBe("id: 8\nevent: typ");
  });
});

describe("the chat during an inbox handoff", () => {
  it("shows the agent's typing and messages as they arrive, reconnects after the last event and resumes the flow on close", async () => {
    const server = createEventServer();
    const controller = new ChatController({
      client: createChatClient({
        apiHost: "http://chat.test",
        auth: { chatKey: "ck_test" },
        fetch: server.fetch,
      }),
      target: { publicId: "support" },
    });
    render(<ChatView controller={controller} />);
    await act(() => controller.start());
    await screen.findByText("A member of our team will be with you shortly.");

    const first = await server.connection(0);
    expect(first.headers.get("authorization")).toBe("Bearer ck_test");
    expect(first.headers.get("last-event-id")).toBeNull();
    await act(async () => first.write("retry: 10\n\n: heartbeat\n\nid: 1\nevent: typing\ndata: "));
    await act(async () => first.write('{"from":"agent"}\n\n'));
    await waitFor(() => expect(screen.getByTestId("typing")).toBeTruthy());
    await act(async () =>
      first.write(
        `id: 2\nevent: message\ndata: ${JSON.stringify({ ...text("m1", "Hi, I am Sam."), from: "agent" })}\n\n`,
      ),
    );
    expect(await screen.findByText("Hi, I am Sam.")).toBeTruthy();
    expect(screen.queryByTestId("typing")).toBeNull();

    // The visitor answers through continueChat as usual; a second listen action opens no second stream.
    fireEvent.change(screen.getByLabelText("Type your message…"), { target: { value: "My order is late" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(server.continued).toHaveLength(1));
    expect(server.continued[0]).toMatchObject({ message: { type: "text", text: "My order is late" } });
    await screen.findByLabelText("Type your message…");
    expect(server.connections).toHaveLength(1);

    // The server ends the stream (its lifetime): the chat reconnects from the last event it got.
    await act(async () => first.end());
    const second = await server.connection(1);
    expect(second.headers.get("last-event-id")).toBe("2");
    const closed = { reason: "closed", resolution: "late parcel", response: resumed };
    await act(async () => second.write(`id: 3\nevent: closed\ndata: ${JSON.stringify(closed)}\n\n`));
    expect(await screen.findByText("Back to the bot: anything else?")).toBeTruthy();
    expect(await screen.findByLabelText("Anything else")).toBeTruthy();
    expect(screen.getAllByTestId("host-bubble").map((bubble) => bubble.textContent)).toEqual([
      "A member of our team will be with you shortly.",
      "Hi, I am Sam.",
      "Back to the bot: anything else?",
    ]);
    expect(server.connections).toHaveLength(2);
    controller.dispose();
  });

  it("a close without resume ends the chat", async () => {
    const server = createEventServer();
    const controller = new ChatController({
      client: createChatClient({
        apiHost: "http://chat.test",
        auth: { chatKey: "ck_test" },
        fetch: server.fetch,
      }),
      target: { publicId: "support" },
      onEnd: () => ended.push(true),
    });
    const ended: boolean[] = [];
    render(<ChatView controller={controller} />);
    await act(() => controller.start());
    const stream = await server.connection(0);
    await act(async () =>
      stream.write(
        `id: 5\nevent: closed\ndata: ${JSON.stringify({ reason: "closed", resolution: null, response: null })}\n\n`,
      ),
    );
    await waitFor(() => expect(ended).toEqual([true]));
    expect(screen.queryByLabelText("Type your message…")).toBeNull();
    expect(controller.getState().status).toBe("ended");
  });
});
