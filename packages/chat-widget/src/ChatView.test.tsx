// @vitest-environment jsdom
import type { ChatMessage, ContinueChatResponse, StartChatResponse } from "@parley/schemas";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ChatNetworkError } from "./api/chatApiError";
import type { ChatClient } from "./api/createChatClient";
import { ChatView } from "./ChatView";
import { ChatController } from "./session/ChatController";

afterEach(cleanup);

const text = (id: string, value: string) => ({
  id,
  type: "text" as const,
  content: { type: "richText" as const, richText: [{ type: "p", children: [{ text: value }] }] },
});

const turn = (patch: Partial<ContinueChatResponse>): ContinueChatResponse => ({
  messages: [],
  clientSideActions: [],
  logs: [],
  ...patch,
});

/** A scripted chat server: each continueChat answers with the next prepared turn. */
function scriptedClient(
  start: StartChatResponse,
  replies: ((message: ChatMessage | null) => ContinueChatResponse | Error)[],
) {
  const sent: (ChatMessage | null)[] = [];
  const client: ChatClient = {
    apiHost: "http://chat.test",
    request: () => Promise.reject(new Error("not used")),
    startChat: async () => start,
    startPreviewChat: async () => start,
    continueChat: async (_sessionId, message) => {
      sent.push(message);
      const next = replies.shift()?.(message);
      if (!next) throw new Error("no more turns");
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return { client, sent };
}

const emailInput = {
  id: "email",
  type: "email input" as const,
  options: { labels: { placeholder: "Your email", button: "Send" } },
};

const start: StartChatResponse = {
  sessionId: "s1",
  resultId: "r1",
  bot: {
    id: "b1",
    theme: {},
    settings: { general: {}, typingEmulation: { enabled: false } },
    publishedAt: null,
  },
  ...turn({ messages: [text("hello", "Hello there")], input: emailInput }),
};

describe("ChatView", () => {
  it("shows the bot's messages, sends an answer and shows the retry message", async () => {
    const { client, sent } = scriptedClient(start, [
      () => turn({ messages: [text("email", "This email doesn't seem to be valid.")], input: emailInput }),
      () =>
        turn({
          lastMessageNewFormat: "ada@example.com",
          messages: [text("bye", "Thanks!")],
        }),
    ]);
    const controller = new ChatController({ client, target: { publicId: "bot" } });
    render(<ChatView controller={controller} />);
    await act(() => controller.start());

    expect(screen.getByText("Hello there")).toBeTruthy();
    const field = screen.getByLabelText("Your email") as HTMLInputElement;
    fireEvent.change(field, { target: { value: "not an email" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("This email doesn't seem to be valid.");
    expect(sent[0]).toEqual({ type: "text", text: "not an email" });
    expect(screen.getByText("not an email")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "ADA@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Thanks!");
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    expect(controller.getState().status).toBe("ended");
    expect(screen.queryByLabelText("Your email")).toBeNull();
  });

  it("follows the conversation's language: lang and dir on its root, the page's on a share page, the embed's choice sent", async () => {
    const arabic = { ...start, language: "ar" };
    const startBodies: unknown[] = [];
    const { client } = scriptedClient(arabic, [
      () => turn({ messages: [text("bye", "Bye")], language: "fr" }),
    ]);
    client.startChat = async (_publicId, body) => {
      startBodies.push(body);
      return arabic;
    };
    const controller = new ChatController({ client, target: { publicId: "bot" }, language: "ar-EG" });
    render(<ChatView controller={controller} layout="page" />);
    await act(() => controller.start());
    expect(startBodies[0]).toMatchObject({ language: "ar-EG" });
    const root = screen.getByTestId("parley-chat");
    expect(root.getAttribute("lang")).toBe("ar");
    expect(root.getAttribute("dir")).toBe("rtl");
    expect(document.documentElement.dir).toBe("rtl");
    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Bye");
    expect(root.getAttribute("dir")).toBe("ltr");
    expect(document.documentElement.lang).toBe("fr");
  });

  it("keeps the typed answer when the network fails", async () => {
    const { client } = scriptedClient(start, [() => new ChatNetworkError(new Error("offline"))]);
    const controller = new ChatController({
      client,
      target: { publicId: "bot" },
      settings: { general: { systemMessages: { networkErrorTitle: "Offline!" } } },
    });
    render(<ChatView controller={controller} />);
    await act(() => controller.start());
    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Offline!");
    expect((screen.getByLabelText("Your email") as HTMLInputElement).value).toBe("ada@example.com");
    expect(screen.queryByTestId("guest-bubble")).toBeNull();
  });

  it("draws a plug-in's widget (a booking embed) and sends the value its wait function resolves with", async () => {
    // Like Cal.com's "on" listeners: every wait registered so far hears the booking.
    const page = globalThis as { bookingListeners?: ((date: string) => void)[] };
    page.bookingListeners = [];
    const { client, sent } = scriptedClient(
      {
        ...start,
        ...turn({
          messages: [
            text("m1", "Pick a time"),
            {
              id: "book",
              type: "custom-embed",
              content: {
                url: "https://cal.test/ada/intro",
                initFunction: {
                  args: { link: "ada/intro" },
                  content: "parleyElement.textContent = 'Booking page of ' + link;",
                },
                waitForEventFunction: {
                  args: {},
                  content: "return new Promise((resolve) => { window.bookingListeners.push(resolve); });",
                },
              },
            },
          ],
          input: undefined,
        }),
      },
      [() => turn({ messages: [text("end", "See you then")] })],
    );
    const controller = new ChatController({ client, target: { publicId: "bot" } });
    render(<ChatView controller={controller} />);
    await act(() => controller.start());
    await screen.findByText("Booking page of ada/intro");
    // Waiting for the booking: the chat has not ended although no input was asked for.
    expect(controller.getState().status).toBe("running");
    await waitFor(() => expect(page.bookingListeners).not.toHaveLength(0));
    act(() => {
      for (const listener of page.bookingListeners ?? []) listener("2026-09-01T09:00:00.000Z");
    });
    await screen.findByText("See you then");
    expect(sent).toEqual([{ type: "text", text: "2026-09-01T09:00:00.000Z" }]);
    delete page.bookingListeners;
  });

  it("answers choices with their item id and runs actions after their bubble", async () => {
    const order: string[] = [];
    (globalThis as { recordAction?: (name: string) => void }).recordAction = (name) => order.push(name);
    const choice = {
      id: "choice",
      type: "choice input" as const,
      items: [
        { id: "i1", content: "Red" },
        { id: "i2", content: "Blue" },
      ],
    };
    const { client, sent } = scriptedClient(
      {
        ...start,
        ...turn({
          messages: [text("m1", "First"), text("m2", "Second")],
          input: choice,
          clientSideActions: [
            {
              type: "scriptToExecute",
              lastBubbleBlockId: "m1",
              expectsDedicatedReply: false,
              scriptToExecute: {
                content: "recordAction('after first')",
                args: [],
                isUnsafe: false,
                isCode: true,
              },
            },
          ],
        }),
      },
      [() => turn({ messages: [text("end", "Done")] })],
    );
    const controller = new ChatController({ client, target: { publicId: "bot" } });
    render(<ChatView controller={controller} />);
    await act(() => controller.start());
    expect(order).toEqual(["after first"]);
    const blue = screen.getByRole("button", { name: "Blue" });
    fireEvent.keyDown(screen.getByRole("button", { name: "Red" }), { key: "ArrowRight" });
    fireEvent.click(blue);
    await screen.findByText("Done");
    expect(sent[0]).toEqual({ type: "text", text: "Blue", metadata: { replyId: "i2" } });
  });

  it("is a polite log of bubbles: new bubbles are added, earlier ones and the input are not re-announced", async () => {
    const { client } = scriptedClient(start, [
      () => turn({ messages: [text("a", "First answer"), text("b", "Second answer")], input: emailInput }),
    ]);
    const controller = new ChatController({ client, target: { publicId: "bot" } });
    render(<ChatView controller={controller} />);
    await act(() => controller.start());
    const log = screen.getByRole("log", { name: "Conversation" });
    expect(log.getAttribute("aria-live")).toBe("polite");
    expect(log.getAttribute("aria-relevant")).toBe("additions");
    // The question's field is outside the live log: it is focused, not read out as a message.
    expect(log.contains(screen.getByLabelText("Your email"))).toBe(false);
    const firstBubble = screen.getByText("Hello there");

    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Second answer");
    // The earlier bubble is the same node (a screen reader only reads what was added).
    expect(screen.getByText("Hello there")).toBe(firstBubble);
    expect(log.textContent).toContain("First answer");
    // Typing dots are decoration.
    for (const dots of document.querySelectorAll(".parley-typing"))
      expect(dots.getAttribute("aria-hidden")).toBe("true");
  });

  it("shows bubbles without typing dots when the system asks for reduced motion", async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes("prefers-reduced-motion"),
      media: query,
    })) as typeof window.matchMedia;
    try {
      const typingStart = {
        ...start,
        bot: {
          ...start.bot,
          settings: { general: {}, typingEmulation: { enabled: true, speed: 1, maxDelay: 30 } },
        },
      };
      const { client } = scriptedClient(typingStart, []);
      const controller = new ChatController({ client, target: { publicId: "bot" } });
      render(<ChatView controller={controller} />);
      // A 30 s typing delay would keep the dots; with reduced motion the message is there at once.
      await act(() => controller.start());
      expect(screen.getByText("Hello there")).toBeTruthy();
      expect(screen.queryByTestId("typing")).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it("shows the closed message when the bot is closed", async () => {
    const { ChatApiError } = await import("./api/chatApiError");
    const client = scriptedClient(start, []).client;
    client.startChat = () =>
      Promise.reject(
        new ChatApiError(400, {
          code: "BAD_REQUEST",
          message: "Invalid input data",
          issues: [{ message: "We are closed for today.", code: "BOT_CLOSED" }],
        }),
      );
    const controller = new ChatController({ client, target: { publicId: "bot" } });
    render(<ChatView controller={controller} />);
    await act(() => controller.start());
    await waitFor(() => expect(screen.getByText("We are closed for today.")).toBeTruthy());
  });

  it("streams an AI agent's answer, then shows the sources the reply after the stream returns under it", async () => {
    const agentInput = {
      id: "b-agent",
      type: "text input" as const,
      options: { labels: { placeholder: "" } },
    };
    const { client, sent } = scriptedClient({ ...start, ...turn({ messages: [], input: agentInput }) }, [
      () =>
        turn({
          clientSideActions: [
            { type: "stream", stream: true, lastBubbleBlockId: null, expectsDedicatedReply: true },
          ],
        }),
      () =>
        turn({
          input: agentInput,
          streamedMessageSources: [
            { id: "s-returns", name: "Returns policy", url: "https://help.example.com/returns" },
            { id: "s-shipping", name: "Shipping" },
          ],
        }),
    ]);
    const paths: string[] = [];
    client.request = async (path) => {
      paths.push(path);
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream({
          start(controller) {
            for (const piece of ["Free returns ", "within 30 days [1]", ", shipped in 3 days [2]."])
              controller.enqueue(encoder.encode(piece));
            controller.close();
          },
        }),
      );
    };
    const controller = new ChatController({ client, target: { publicId: "bot" } });
    render(<ChatView controller={controller} />);
    await act(() => controller.start());
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "Can I return my shoes?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const sources = await screen.findByRole("region", { name: "Sources" });
    expect(paths).toEqual(["/api/v1/sessions/s1/streamMessage"]);
    expect(sent.at(-1)).toEqual({
      type: "text",
      text: "Free returns within 30 days [1], shipped in 3 days [2].",
    });
    const bubble = sources.closest("[data-testid=host-bubble]");
    expect(bubble?.textContent).toContain("Free returns within 30 days [1], shipped in 3 days [2].");
    const items = [...sources.querySelectorAll("li")].map((item) => item.textContent);
    expect(items).toEqual(["Returns policy", "Shipping"]);
    expect(screen.getByRole("link", { name: "Returns policy" }).getAttribute("href")).toBe(
      "https://help.example.com/returns",
    );
  });
});
