import { type ChatBubble, getRichTextPlainText } from "@parley/schemas";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { createSampleChatClient, getSampleChatTexts } from "./createSampleChatClient";

const textsIn = (locale: "en" | "fr") =>
  getSampleChatTexts(
    createTranslator({ locale, messages: interfaceMessages[locale], namespace: "ThemeSample" }),
  );

const textOf = (bubble: ChatBubble | undefined) =>
  bubble?.type === "text" && bubble.content.type === "richText"
    ? getRichTextPlainText(bubble.content.richText)
    : "";

describe("createSampleChatClient", () => {
  it("answers a clicked choice by naming it, then asks for text", async () => {
    const client = createSampleChatClient({}, textsIn("en"));
    await client.startPreviewChat();
    const reply = await client.continueChat("theme-preview", { type: "text", text: "Looks great" });
    expect(textOf(reply.messages[0])).toBe("You chose “Looks great”. Here is a text input too:");
    expect(reply.input?.type).toBe("text input");
  });

  it("speaks the interface language", async () => {
    const client = createSampleChatClient({}, textsIn("fr"));
    const start = await client.startPreviewChat();
    expect(textOf(start.messages[0])).toBe("Bonjour 👋 Voici à quoi ressemble votre bot.");
    const reply = await client.continueChat("theme-preview", { type: "text", text: "Parfait" });
    expect(textOf(reply.messages[0])).toBe("Vous avez choisi « Parfait ». Voici aussi une saisie de texte :");
  });

  it("names nothing when the reply carries no text", async () => {
    const client = createSampleChatClient({}, textsIn("en"));
    await client.startPreviewChat();
    const reply = await client.continueChat("theme-preview", {
      type: "audio",
      url: "https://cdn.test/a.mp3",
    });
    expect(textOf(reply.messages[0])).toBe("You chose “”. Here is a text input too:");
  });
});
