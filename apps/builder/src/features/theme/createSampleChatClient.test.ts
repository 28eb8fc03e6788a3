import { type ChatBubble, getRichTextPlainText } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { createSampleChatClient } from "./createSampleChatClient";

const textOf = (bubble: ChatBubble | undefined) =>
  bubble?.type === "text" && bubble.content.type === "richText"
    ? getRichTextPlainText(bubble.content.richText)
    : "";

describe("createSampleChatClient", () => {
  it("answers a clicked choice by naming it, then asks for text", async () => {
    const client = createSampleChatClient({});
    await client.startPreviewChat();
    const reply = await client.continueChat("theme-preview", { type: "text", text: "Looks great" });
    expect(textOf(reply.messages[0])).toBe("You chose “Looks great”. Here is a text input too:");
    expect(reply.input?.type).toBe("text input");
  });

  it("names nothing when the reply carries no text", async () => {
    const client = createSampleChatClient({});
    await client.startPreviewChat();
    const reply = await client.continueChat("theme-preview", {
      type: "audio",
      url: "https://cdn.test/a.mp3",
    });
    expect(textOf(reply.messages[0])).toBe("You chose “”. Here is a text input too:");
  });
});
