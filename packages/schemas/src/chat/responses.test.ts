import { describe, expect, it } from "vitest";
import {
  type ClientSideActionType,
  clientSideActionSchema,
  clientSideActionTypes,
} from "./clientSideActions";
import { continueChatResponseSchema, startChatResponseSchema, updateBotResponseSchema } from "./responses";

describe("chat responses", () => {
  it("fills empty lists and leaves the fields returned only when they apply out", () => {
    expect(continueChatResponseSchema.parse({})).toEqual({ messages: [], clientSideActions: [], logs: [] });
    // null is not how a response says "absent".
    for (const field of ["lastMessageNewFormat", "input", "dynamicTheme", "progress"])
      expect(continueChatResponseSchema.safeParse({ [field]: null }).success, field).toBe(false);
  });

  it("carries the bot, bubbles of every kind, the input and logs", () => {
    const response = startChatResponseSchema.parse({
      sessionId: "s1",
      bot: { id: "b1", theme: {}, settings: { general: {}, typingEmulation: { enabled: false } } },
      messages: [
        {
          id: "m1",
          type: "text",
          content: { type: "richText", richText: [{ type: "p", children: [{ text: "Hi" }] }] },
        },
        { id: "m2", type: "text", content: { type: "markdown", markdown: "**Hi**" } },
        { id: "m3", type: "image", content: { url: "https://img.test/a.png" } },
        { id: "m4", type: "video", content: { url: "https://v.test/a.mp4", type: "url" } },
        { id: "m5", type: "audio", content: { url: "https://a.test/a.mp3" } },
        { id: "m6", type: "embed", content: { url: "https://e.test", height: 300 } },
        { id: "m7", type: "custom-embed", content: { initFunction: { args: {}, content: "return 1" } } },
      ],
      input: {
        id: "i1",
        type: "text input",
        options: { labels: { placeholder: "Name" } },
        prefilledValue: "Ada",
      },
      logs: [{ status: "error", description: "Request failed", details: "502" }],
      progress: 50,
    });
    expect(response.input).toEqual({
      id: "i1",
      type: "text input",
      options: { labels: { placeholder: "Name" } },
      prefilledValue: "Ada",
    });
    expect(response.input).not.toHaveProperty("runtimeOptions");
    expect(response.logs).toEqual([
      { status: "error", description: "Request failed", details: "502", context: null },
    ]);
    expect(response).not.toHaveProperty("resultId");
    expect(response.bot.publishedAt).toBeNull();
    expect(response.messages).toHaveLength(7);
  });

  it("rejects a progress outside 0..100 and an unknown bubble kind", () => {
    expect(continueChatResponseSchema.safeParse({ progress: 101 }).success).toBe(false);
    expect(
      continueChatResponseSchema.safeParse({ messages: [{ id: "m", type: "gif", content: {} }] }).success,
    ).toBe(false);
  });

  it("answers updateBot with success", () => {
    expect(updateBotResponseSchema.parse({ message: "success" })).toEqual({ message: "success" });
    expect(updateBotResponseSchema.safeParse({ message: "ok" }).success).toBe(false);
  });
});

const script = { content: "return 1", args: [{ id: "v1", value: 3 }] };
const actionPayloads: { [T in ClientSideActionType]: Record<string, unknown> } = {
  scriptToExecute: { scriptToExecute: script },
  redirect: { redirect: { url: "https://a.test", isNewTab: true } },
  chatwoot: { chatwoot: { scriptToExecute: script } },
  googleAnalytics: { googleAnalytics: { trackingId: "G-1", action: "signup" } },
  wait: { wait: { secondsToWaitFor: 2 } },
  setVariable: { setVariable: { scriptToExecute: script } },
  streamOpenAiChatCompletion: { streamOpenAiChatCompletion: { messages: [{ role: "user", content: "Hi" }] } },
  httpRequestToExecute: { httpRequestToExecute: { url: "https://api.test", method: "GET" } },
  startPropsToInject: { startPropsToInject: { gtmId: "GTM-1" } },
  pixel: { pixel: { pixelId: "1", eventType: "Lead" } },
  stream: { stream: true },
  codeToExecute: { codeToExecute: { content: "return a", args: { a: 1 } } },
  listenForWebhook: { listenForWebhook: { listenId: "l1", timeoutAt: "2026-11-22T10:10:00.000Z" } },
  listenForAgent: { listenForAgent: { conversationId: "c1" } },
  zendesk: { zendesk: { key: "0a1b2c3d-widget", jwt: "h.p.s" } },
};

describe("clientSideActionSchema", () => {
  it.each(clientSideActionTypes)("parses %s with its common fields", (type) => {
    const action = clientSideActionSchema.parse({ type, ...actionPayloads[type], lastBubbleBlockId: "b1" });
    expect(action).toMatchObject({ type, lastBubbleBlockId: "b1", expectsDedicatedReply: false });
  });

  it("rejects an action without its payload and an unknown kind", () => {
    expect(clientSideActionSchema.safeParse({ type: "redirect" }).success).toBe(false);
    expect(clientSideActionSchema.safeParse({ type: "webhookToExecute" }).success).toBe(false);
  });
});
