// @vitest-environment jsdom
import type { ContinueChatResponse, StartChatResponse } from "@parley/schemas";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatClient } from "../api/createChatClient";
import { ChatView } from "../ChatView";
import { ChatController } from "./ChatController";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const bubble = (id: string, text: string) => ({
  id,
  type: "text" as const,
  content: { type: "richText" as const, richText: [{ type: "p", children: [{ text }] }] },
});
const input = {
  id: "name",
  type: "text input" as const,
  options: { labels: { placeholder: "Name" } },
};
const empty: Omit<ContinueChatResponse, "messages" | "input"> = { clientSideActions: [], logs: [] };

function client(storage: "session" | "local", starts: { count: number }): ChatClient {
  const start: StartChatResponse = {
    sessionId: "s1",
    resultId: "r1",
    bot: {
      id: "b",
      theme: {},
      settings: {
        general: { rememberUser: { isEnabled: true, storage } },
        typingEmulation: { enabled: false },
      },
      publishedAt: null,
    },
    ...empty,
    messages: [bubble("hi", "Hello")],
    input,
  };
  return {
    apiHost: "",
    request: () => Promise.reject(new Error("unused")),
    startChat: async () => {
      starts.count++;
      return start;
    },
    startPreviewChat: async () => start,
    continueChat: async () => ({
      ...empty,
      messages: [bubble("q2", "And your age?")],
      input: { ...input, id: "age" },
    }),
  };
}

describe("remember user", () => {
  it.each(["session", "local"] as const)(
    "resumes the conversation after a reload (%s storage)",
    async (storage) => {
      const starts = { count: 0 };
      const first = new ChatController({
        client: client(storage, starts),
        target: { publicId: "bot" },
        canRemember: true,
      });
      render(<ChatView controller={first} />);
      await act(() => first.start());
      fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
      await screen.findByText("And your age?");
      expect((storage === "local" ? localStorage : sessionStorage).length).toBe(1);
      cleanup();

      const reloaded = new ChatController({
        client: client(storage, starts),
        target: { publicId: "bot" },
        canRemember: true,
      });
      render(<ChatView controller={reloaded} />);
      await act(() => reloaded.start());
      expect(starts.count).toBe(1);
      expect(screen.getByText("Hello")).toBeTruthy();
      expect(screen.getByText("Ada")).toBeTruthy();
      expect(screen.getByText("And your age?")).toBeTruthy();
      expect(reloaded.getState().sessionId).toBe("s1");
    },
  );
});

describe("remember user while a Webhook block waits", () => {
  const waiting: StartChatResponse = {
    sessionId: "s1",
    resultId: "r1",
    bot: {
      id: "b",
      theme: {},
      settings: { general: { rememberUser: { isEnabled: true } }, typingEmulation: { enabled: false } },
      publishedAt: null,
    },
    ...empty,
    messages: [bubble("wait", "Waiting for your payment…")],
    clientSideActions: [
      {
        type: "listenForWebhook",
        listenForWebhook: { listenId: "l1", timeoutAt: "2026-11-22T10:10:00.000Z" },
        lastBubbleBlockId: "wait",
        expectsDedicatedReply: false,
      },
    ],
  };
  const confirmed: ContinueChatResponse = {
    ...empty,
    messages: [bubble("done", "Order A-17 confirmed")],
    input,
  };

  function listeningClient(listen: (path: string) => Promise<Response>, startChat: ChatClient["startChat"]) {
    return {
      apiHost: "",
      request: (path: string) => listen(path),
      startChat,
      startPreviewChat: async () => waiting,
      continueChat: () => Promise.reject(new Error("unused")),
    } satisfies ChatClient;
  }
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

  /** A first page load that reaches the Webhook block and stays there (its poll never answers). */
  async function loadWaitingPage() {
    const first = new ChatController({
      client: listeningClient(
        () => new Promise<Response>(() => undefined),
        async () => waiting,
      ),
      target: { publicId: "bot" },
      canRemember: true,
    });
    render(<ChatView controller={first} />);
    void first.start();
    await screen.findByText("Waiting for your payment…");
    await vi.waitFor(() =>
      expect(sessionStorage.getItem("parley-chat:bot")).toContain('"pendingListenId":"l1"'),
    );
    first.dispose();
    cleanup();
  }

  it("polls again after a reload and shows what followed the call", async () => {
    await loadWaitingPage();
    const polled: string[] = [];
    const startChat = vi.fn(async () => waiting);
    const reloaded = new ChatController({
      client: listeningClient(async (path) => {
        polled.push(path);
        return json(200, { status: "resumed", response: confirmed });
      }, startChat),
      target: { publicId: "bot" },
      canRemember: true,
    });
    render(<ChatView controller={reloaded} />);
    await act(() => reloaded.start());
    expect(startChat).not.toHaveBeenCalled();
    expect(polled).toEqual(["/api/v1/sessions/s1/listenForWebhook/l1"]);
    expect(screen.getByText("Waiting for your payment…")).toBeTruthy();
    expect(screen.getByText("Order A-17 confirmed")).toBeTruthy();
    expect(screen.getByLabelText("Name")).toBeTruthy();
    // Remembered as answered: a second reload does not poll again.
    expect(sessionStorage.getItem("parley-chat:bot")).toContain('"pendingListenId":null');
  });

  it("starts over on the same result when the session no longer waits for that call", async () => {
    await loadWaitingPage();
    const startChat = vi.fn(async () => ({ ...waiting, clientSideActions: [], input }));
    const reloaded = new ChatController({
      client: listeningClient(
        async () =>
          json(400, {
            code: "BAD_REQUEST",
            message: "Bad request",
            issues: [
              { message: "This session does not wait for this webhook call", code: "LISTEN_NOT_FOUND" },
            ],
          }),
        startChat,
      ),
      target: { publicId: "bot" },
      canRemember: true,
    });
    render(<ChatView controller={reloaded} />);
    await act(() => reloaded.start());
    expect(startChat).toHaveBeenCalledWith("bot", expect.objectContaining({ resultId: "r1" }));
    expect(screen.getByLabelText("Name")).toBeTruthy();
    expect(reloaded.getState().status).toBe("running");
  });
});
