// @vitest-environment jsdom
import type { IncomingMessage } from "node:http";
import { act, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLoopbackServer } from "../testing/loopbackServer";
import { createParleyApi } from "./createParleyApi";
import type { ParleyApi } from "./publicTypes";

/** A request the local chat server received: its path and JSON body. */
interface Received {
  path: string;
  body: Record<string, unknown>;
}

const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { type: "richText", richText: [{ type: "p", children: [{ text: value }] }] },
});
const nameInput = { id: "in_name", type: "text input", options: { labels: { placeholder: "Your name" } } };

/**
 * A chat server on 127.0.0.1 speaking the chat API's startChat/continueChat: a greeting and a name
 * input, a `help` command event answering with a message and the same input, anything else ends.
 */
const received: Received[] = [];

function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let data = "";
    request.on("data", (chunk) => {
      data += chunk;
    });
    request.on("end", () => resolve(data ? JSON.parse(data) : {}));
  });
}

const chatServer = createLoopbackServer(async (request, response) => {
  const body = await readBody(request);
  const path = request.url ?? "";
  received.push({ path, body });
  const turn = { clientSideActions: [], logs: [] };
  let answer: unknown;
  if (path.endsWith("/startChat")) {
    answer = {
      sessionId: `s${received.length}`,
      resultId: "r1",
      bot: {
        id: "b1",
        theme: {},
        settings: {
          general: { rememberUser: { isEnabled: true, storage: "session" } },
          typingEmulation: { enabled: false },
        },
        publishedAt: null,
      },
      ...turn,
      messages: [text("hello", "Hello from the server")],
      input: nameInput,
    };
  } else {
    const message = body.message as { type: string; command?: string; text?: string };
    if (message.type === "command" && message.command === "help") {
      answer = { ...turn, messages: [text("help", "Here is some help")], input: nameInput };
    } else if (message.type === "command") {
      response.writeHead(400, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify({
          code: "BAD_REQUEST",
          message: "Bad request",
          issues: [{ message: "No such command", code: "COMMAND_NOT_FOUND" }],
        }),
      );
      return;
    } else {
      answer = { ...turn, messages: [text("bye", `Bye ${message.text}`)] };
    }
  }
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(JSON.stringify(answer));
});

let api: ParleyApi;
afterEach(() => {
  act(() => api.unmount());
  received.length = 0;
  document.body.replaceChildren();
  sessionStorage.clear();
});

/** The widget's shadow root, where its DOM lives. */
function shadowOf(host: Element | null) {
  if (!host?.shadowRoot) throw new Error("no widget mounted");
  return within(host.shadowRoot as unknown as HTMLElement);
}

function mountStandard(
  callbacks: Parameters<ParleyApi["initStandard"]>[0] extends infer O ? Partial<O> : never,
) {
  const element = document.createElement("div");
  document.body.append(element);
  api = createParleyApi();
  act(() =>
    api.initStandard({
      publicId: "my-bot",
      chatKey: "ck_test",
      apiHost: chatServer.apiHost,
      element,
      ...callbacks,
    }),
  );
  return shadowOf(element);
}

describe("the host-page API", () => {
  it("calls onInit, onNewInputBlock, onChatStatePersisted, onAnswer and onEnd as the chat goes", async () => {
    const calls: string[] = [];
    const chat = mountStandard({
      onInit: () => calls.push("init"),
      onNewInputBlock: (input) => calls.push(`input ${input.id} ${input.type}`),
      onAnswer: (answer) => calls.push(`answer ${answer.message} ${answer.blockId}`),
      onChatStatePersisted: (isPersisted) => calls.push(`persisted ${isPersisted}`),
      onEnd: () => calls.push("end"),
    });
    await chat.findByText("Hello from the server");
    const field = await chat.findByLabelText("Your name");
    await waitFor(() => expect(calls).toContain("persisted true"));
    expect(calls).toEqual(["init", "input in_name text input", "persisted true"]);

    act(() => api.setInputValue("Ada"));
    await waitFor(() => expect((chat.getByLabelText("Your name") as HTMLInputElement).value).toBe("Ada"));
    expect(field.isConnected).toBe(false);
    act(() => {
      (chat.getByLabelText("Your name") as HTMLInputElement).form?.requestSubmit();
    });
    await chat.findByText("Bye Ada");
    await waitFor(() => expect(calls.at(-1)).toBe("persisted false"));
    expect(calls.slice(3)).toEqual(["answer Ada in_name", "end", "persisted false"]);
    expect(received.map((request) => request.body.message)).toEqual([
      undefined,
      { type: "text", text: "Ada" },
    ]);
  });

  it("sendCommand sends a command message and shows the command event's turn; an unknown one changes nothing", async () => {
    const answers: string[] = [];
    const chat = mountStandard({ onAnswer: (answer) => answers.push(answer.message) });
    await chat.findByLabelText("Your name");
    act(() => api.sendCommand("help"));
    await chat.findByText("Here is some help");
    expect(received.at(-1)).toEqual({
      path: "/api/v1/sessions/s1/continueChat",
      body: { message: { type: "command", command: "help" }, textBubbleContentFormat: "richText" },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    act(() => api.sendCommand("nope"));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('[parley] the bot has no command event "nope"'));
    warn.mockRestore();
    expect(chat.getByLabelText("Your name")).toBeTruthy();
    // Commands are not answers: no guest bubble, no onAnswer.
    expect(answers).toEqual([]);
    expect(chat.queryByText("help")).toBeNull();
  });

  it("reload starts a new conversation with the prefilled variables set meanwhile", async () => {
    const chat = mountStandard({ prefilledVariables: { Plan: "pro" } });
    await chat.findByText("Hello from the server");
    act(() => api.setPrefilledVariables({ Email: "ada@example.com" }));
    act(() => api.reload());
    await waitFor(() =>
      expect(received.filter((request) => request.path.endsWith("/startChat"))).toHaveLength(2),
    );
    expect(received[0]?.path).toBe("/api/v1/bots/my-bot/startChat");
    expect(received[1]?.body.prefilledVariables).toEqual({ Plan: "pro", Email: "ada@example.com" });
  });

  it("opens, closes and toggles popups, each by its id", async () => {
    api = createParleyApi();
    act(() => {
      api.initPopup({ publicId: "my-bot", chatKey: "ck_test", apiHost: chatServer.apiHost, id: "one" });
      api.initPopup({ publicId: "my-bot", chatKey: "ck_test", apiHost: chatServer.apiHost, id: "two" });
    });
    const [one, two] = [...document.querySelectorAll("parley-popup")];
    const dialogs = () =>
      [one, two].map((host) => shadowOf(host ?? null).queryByRole("dialog", { name: "Chat" }) !== null);
    expect(dialogs()).toEqual([false, false]);
    // Nothing is started before a popup opens.
    expect(received).toEqual([]);
    act(() => api.open({ id: "two" }));
    expect(dialogs()).toEqual([false, true]);
    await shadowOf(two ?? null).findByText("Hello from the server");
    act(() => api.toggle());
    expect(dialogs()).toEqual([true, false]);
    act(() => api.close());
    expect(dialogs()).toEqual([false, false]);
    act(() => api.unmount({ id: "one" }));
    expect(document.querySelectorAll("parley-popup")).toHaveLength(1);
  });

  it("shows and hides the bubble's preview message on command, even after the chat was opened", async () => {
    api = createParleyApi();
    act(() => api.initBubble({ publicId: "my-bot", chatKey: "ck_test", apiHost: chatServer.apiHost }));
    const bubble = shadowOf(document.querySelector("parley-bubble"));
    expect(bubble.queryByRole("button", { name: /Psst/ })).toBeNull();
    act(() => api.open());
    act(() => api.close());
    act(() => api.showPreviewMessage({ message: "Psst, a question?" }));
    expect(bubble.getByRole("button", { name: "Psst, a question?" })).toBeTruthy();
    act(() => api.hidePreviewMessage());
    expect(bubble.queryByRole("button", { name: "Psst, a question?" })).toBeNull();
    act(() => api.unmount());
    expect(document.querySelector("parley-bubble")).toBeNull();
  });

  it("asks for apiHost when there is no script URL to take it from", () => {
    api = createParleyApi();
    const element = document.createElement("div");
    expect(() => api.initStandard({ publicId: "my-bot", chatKey: "ck_test", element })).toThrow(
      /give `apiHost`/,
    );
  });
});
