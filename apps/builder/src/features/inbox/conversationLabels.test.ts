import { describe, expect, it } from "vitest";
import { describeChannel } from "./conversationLabels";

describe("describeChannel", () => {
  it("names the channel, and the visitor's language when the bot has several", () => {
    expect(describeChannel({ channel: "web", language: null })).toBe("Web chat");
    expect(describeChannel({ channel: "whatsapp", language: "fr" })).toBe("WhatsApp · French (fr)");
    expect(describeChannel({ channel: "telegram", language: "pt-BR" })).toBe(
      "Telegram · Brazilian Portuguese (pt-BR)",
    );
  });
});
