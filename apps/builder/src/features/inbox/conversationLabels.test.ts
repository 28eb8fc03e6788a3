import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { describeChannel } from "./conversationLabels";

const english = createTranslator({ locale: "en", messages: interfaceMessages.en, namespace: "Inbox" });
const french = createTranslator({ locale: "fr", messages: interfaceMessages.fr, namespace: "Inbox" });

describe("describeChannel", () => {
  it("names the channel, and the visitor's language when the bot has several", () => {
    expect(describeChannel({ channel: "web", language: null }, english)).toBe("Web chat");
    expect(describeChannel({ channel: "whatsapp", language: "fr" }, english)).toBe("WhatsApp · French (fr)");
    expect(describeChannel({ channel: "telegram", language: "pt-BR" }, english)).toBe(
      "Telegram · Brazilian Portuguese (pt-BR)",
    );
  });

  it("says them in the author's interface language", () => {
    expect(describeChannel({ channel: "web", language: "de" }, french, "fr")).toBe(
      "Chat web · allemand (de)",
    );
  });
});
