// @vitest-environment jsdom
import { act, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { answerWidgetTexts, createLoopbackServer } from "../testing/loopbackServer";
import { createParleyApi } from "./createParleyApi";
import type { ParleyApi } from "./publicTypes";

/**
 * A viewer on 127.0.0.1: startChat of `french-bot` answers in French (its `language`), of any other bot without a
 * language; `/embed-texts/<file>` is the viewer's own route. Each bot sends an image, a video, an embed and a text
 * with its sources, then waits on a text input with attachments, none with an author's label.
 */
const requests: string[] = [];

const paragraph = (text: string) => [{ type: "p", children: [{ text }] }];
const startAnswer = (language: string | undefined) => ({
  sessionId: "s1",
  resultId: "r1",
  bot: { id: "b1", theme: {}, settings: { typingEmulation: { enabled: false } }, publishedAt: null },
  ...(language ? { language } : {}),
  messages: [
    { id: "m-image", type: "image", content: { url: `${viewer.apiHost}/picture.png` } },
    { id: "m-video", type: "video", content: { type: "youtube", id: "abc123" } },
    { id: "m-embed", type: "embed", content: { url: `${viewer.apiHost}/frame.html` } },
    {
      id: "m-text",
      type: "text",
      content: { type: "richText", richText: paragraph("Bonjour") },
      sources: [{ id: "s-1", name: "Guide" }],
    },
  ],
  input: { id: "in-text", type: "text input", options: { attachments: { isEnabled: true } } },
  clientSideActions: [],
  logs: [],
});

const viewer = createLoopbackServer((request, response) => {
  const path = request.url ?? "";
  requests.push(path);
  if (path.startsWith("/embed-texts/")) {
    void answerWidgetTexts(request, response);
    return;
  }
  request.resume();
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(JSON.stringify(startAnswer(path.includes("/french-bot/") ? "fr" : undefined)));
});

let api: ParleyApi;
afterEach(() => {
  act(() => api.unmount());
  requests.length = 0;
  document.body.replaceChildren();
  sessionStorage.clear();
});

/** The widget's shadow root, where its DOM lives. */
function shadowOf(tag: string) {
  const host = document.querySelector(tag);
  if (!host?.shadowRoot) throw new Error("no widget mounted");
  return within(host.shadowRoot as unknown as HTMLElement);
}

describe("the embed in the conversation's language", () => {
  it("bubble: the launcher is English until the conversation speaks French, then French with the chat's words", async () => {
    api = createParleyApi();
    act(() => api.initBubble({ publicId: "french-bot", chatKey: "ck_test", apiHost: viewer.apiHost }));
    const bubble = shadowOf("parley-bubble");
    // No conversation yet: no language to write in.
    expect(bubble.getByRole("button", { name: "Open chat" })).toBeTruthy();
    act(() => api.open());
    expect(await bubble.findByRole("button", { name: "Fermer la discussion" })).toBeTruthy();
    const chat = bubble.getByRole("dialog", { name: "Discussion" });
    const inChat = within(chat);
    expect(await inChat.findByRole("button", { name: "Envoyer" })).toBeTruthy();
    expect(inChat.getByLabelText("Saisissez votre réponse...")).toBeTruthy();
    expect(inChat.getByRole("button", { name: "Joindre des fichiers" })).toBeTruthy();
    expect(inChat.getByRole("img", { name: "Image" })).toBeTruthy();
    expect(inChat.getByTitle("Vidéo").tagName).toBe("IFRAME");
    expect(inChat.getByTitle("Contenu intégré").tagName).toBe("IFRAME");
    expect(inChat.getByRole("log", { name: "Conversation" })).toBeTruthy();
    expect(inChat.getByRole("region", { name: "Sources" })).toBeTruthy();
    // The catalogue is fetched once, from the viewer the embed talks to.
    expect(requests.filter((path) => path.startsWith("/embed-texts/"))).toEqual(["/embed-texts/fr.json"]);
    act(() => api.close());
    expect(bubble.getByRole("button", { name: "Ouvrir la discussion" })).toBeTruthy();
  });

  it("popup: its close button and its name in French; a bot without languages stays English", async () => {
    api = createParleyApi();
    act(() =>
      api.initPopup({
        publicId: "french-bot",
        chatKey: "ck_test",
        apiHost: viewer.apiHost,
        defaultOpen: true,
      }),
    );
    const popup = shadowOf("parley-popup");
    expect(await popup.findByRole("button", { name: "Fermer la discussion" })).toBeTruthy();
    expect(popup.getByRole("dialog", { name: "Discussion" })).toBeTruthy();
    act(() => api.unmount());

    api = createParleyApi();
    act(() =>
      api.initPopup({
        publicId: "english-bot",
        chatKey: "ck_test",
        apiHost: viewer.apiHost,
        defaultOpen: true,
      }),
    );
    const english = shadowOf("parley-popup");
    expect(await english.findByRole("button", { name: "Send" })).toBeTruthy();
    expect(english.getByRole("button", { name: "Close chat" })).toBeTruthy();
    expect(english.getByRole("dialog", { name: "Chat" })).toBeTruthy();
    expect(english.getByRole("img", { name: "Bubble image" })).toBeTruthy();
  });
});
