import { describe, expect, it } from "vitest";
import { computeTypingDelay, getDelayBetweenBubbles } from "./computeTypingDelay";

const typing = {
  enabled: true,
  speed: 300,
  maxDelay: 1.5,
  delayBetweenBubbles: 0.5,
  isDisabledOnFirstMessage: true,
};

describe("computeTypingDelay", () => {
  it("scales with the number of words at the given speed, capped by maxDelay", () => {
    expect(computeTypingDelay("one two three four five", typing, { isFirstMessage: false })).toBe(1000);
    expect(computeTypingDelay("word ".repeat(100), typing, { isFirstMessage: false })).toBe(1500);
  });

  it("is zero when disabled, and on the first message when asked", () => {
    expect(computeTypingDelay("a b c", { ...typing, enabled: false }, { isFirstMessage: false })).toBe(0);
    expect(computeTypingDelay("a b c", typing, { isFirstMessage: true })).toBe(0);
    expect(
      computeTypingDelay("a b c", { ...typing, isDisabledOnFirstMessage: false }, { isFirstMessage: true }),
    ).toBe(600);
  });

  it("counts characters when the text has no words", () => {
    expect(computeTypingDelay("!!!", typing, { isFirstMessage: false })).toBe(600);
  });

  it("reads delayBetweenBubbles in seconds", () => {
    expect(getDelayBetweenBubbles(typing)).toBe(500);
    expect(getDelayBetweenBubbles(undefined)).toBe(0);
  });
});
