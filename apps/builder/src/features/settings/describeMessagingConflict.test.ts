import { describe, expect, it } from "vitest";
import { describeMessagingConflict } from "./describeMessagingConflict";

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

  it("says nothing without a conflict", () => {
    expect(describeMessagingConflict(false, null, [newer])).toBeNull();
    expect(describeMessagingConflict(true, null, [])).toBeNull();
  });
});
