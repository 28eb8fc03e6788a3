import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { describeMessagingConflict as describe_, type UnconditionalBot } from "./describeMessagingConflict";

const english = createTranslator({
  locale: "en",
  messages: interfaceMessages.en,
  namespace: "MessagingConflict",
});
const french = createTranslator({
  locale: "fr",
  messages: interfaceMessages.fr,
  namespace: "MessagingConflict",
});
const describeMessagingConflict = (
  answers: boolean,
  publishedAt: string | null,
  others: UnconditionalBot[],
) => describe_(answers, publishedAt, others, english);

const newer = { name: "Sales", publishedAt: "2026-11-02T10:00:00.000Z" };
const older = { name: "Support", publishedAt: "2026-11-01T10:00:00.000Z" };
const advice = " Give a start condition to the bots that should answer only some messages.";

describe("describeMessagingConflict", () => {
  it("names the other bots and the one answering: the most recently published", () => {
    expect(describeMessagingConflict(true, null, [newer, older])).toBe(
      `“Sales”, “Support” are published with messaging on and no start condition, like this bot. Only the most recently published one answers: “Sales”, until this bot is published.${advice}`,
    );
    expect(describeMessagingConflict(true, "2026-11-01T12:00:00.000Z", [newer])).toBe(
      `“Sales” is published with messaging on and no start condition, like this bot. Only the most recently published one answers: “Sales”, until this bot is published again.${advice}`,
    );
    expect(describeMessagingConflict(true, "2026-11-03T08:00:00.000Z", [newer, older])).toContain(
      "Only the most recently published one answers: this bot.",
    );
  });

  it("says it in the interface language", () => {
    expect(describe_(true, null, [newer], french)).toBe(
      "« Sales » est publié avec la messagerie activée et sans condition de démarrage, comme ce bot. Seul le plus récemment publié répond : « Sales », jusqu’à la publication de ce bot. Donnez une condition de démarrage aux bots qui ne doivent répondre qu’à certains messages.",
    );
  });

  it("says nothing without a conflict", () => {
    expect(describeMessagingConflict(false, null, [newer])).toBeNull();
    expect(describeMessagingConflict(true, null, [])).toBeNull();
  });
});
