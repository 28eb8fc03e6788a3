import { describe, expect, it } from "vitest";
import { chatMessageSchema } from "./message";
import { continueChatRequestSchema, previewStartChatRequestSchema, startChatRequestSchema } from "./requests";

describe("chat messages", () => {
  it("accepts the three kinds and rejects others", () => {
    const text = {
      type: "text",
      text: "Hi",
      metadata: { replyId: "i1" },
      attachedFileUrls: ["https://f.test/a"],
    };
    expect(chatMessageSchema.parse(text)).toEqual(text);
    expect(chatMessageSchema.parse({ type: "audio", url: "https://f.test/a.ogg" }).type).toBe("audio");
    expect(chatMessageSchema.parse({ type: "command", command: "restart" }).type).toBe("command");
    expect(chatMessageSchema.safeParse({ type: "image", url: "x" }).success).toBe(false);
  });

  it("treats a bare string as a text message", () => {
    expect(continueChatRequestSchema.parse({ message: "Hello" })).toEqual({
      message: { type: "text", text: "Hello" },
      textBubbleContentFormat: "richText",
    });
  });

  it("rejects a text longer than the limit", () => {
    expect(continueChatRequestSchema.safeParse({ message: "x".repeat(10_001) }).success).toBe(false);
  });
});

describe("startChatRequestSchema", () => {
  it("applies the defaults", () => {
    expect(startChatRequestSchema.parse({})).toEqual({
      isStreamEnabled: false,
      isOnlyRegistering: false,
      textBubbleContentFormat: "richText",
    });
  });

  it("stores prefilled numbers and booleans as text, without touching prototypes", () => {
    const parsed = startChatRequestSchema.parse({
      prefilledVariables: { Name: "Ada", Age: 36, Vip: true, Tags: ["a", "b"], Empty: null },
    });
    expect(parsed.prefilledVariables).toEqual({
      Name: "Ada",
      Age: "36",
      Vip: "true",
      Tags: ["a", "b"],
      Empty: null,
    });
    const polluted = JSON.parse('{"prefilledVariables": {"__proto__": ["x"], "Name": "Ada"}}');
    const variables = startChatRequestSchema.parse(polluted).prefilledVariables;
    expect(variables).toEqual({ Name: "Ada" });
    expect(Object.getPrototypeOf(variables)).toBe(Object.prototype);
    expect(startChatRequestSchema.safeParse({ prefilledVariables: { Obj: { a: 1 } } }).success).toBe(false);
  });

  it("rejects an unknown text format", () => {
    const result = startChatRequestSchema.safeParse({ textBubbleContentFormat: "html" });
    expect(result.error?.issues[0]?.path).toEqual(["textBubbleContentFormat"]);
  });
});

describe("previewStartChatRequestSchema", () => {
  it("starts from a group or an event", () => {
    const body = { startFrom: { type: "group", groupId: "g1" }, sessionId: "s1", isProgressBarEnabled: true };
    expect(previewStartChatRequestSchema.parse(body)).toMatchObject(body);
    expect(
      previewStartChatRequestSchema.parse({ startFrom: { type: "event", eventId: "e1" } }).startFrom,
    ).toEqual({
      type: "event",
      eventId: "e1",
    });
    expect(
      previewStartChatRequestSchema.safeParse({ startFrom: { type: "block", blockId: "b" } }).success,
    ).toBe(false);
  });
});
