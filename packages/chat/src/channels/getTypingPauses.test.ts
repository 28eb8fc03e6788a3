import type { TextChannelMessage } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { getTypingPauses } from "./getTypingPauses";

const say = (text: string): TextChannelMessage => ({ text });
const image: TextChannelMessage = { text: "", media: { kind: "image", url: "https://cdn.test/a.png" } };
const words = (count: number) => Array.from({ length: count }, () => "word").join(" ");

describe("getTypingPauses", () => {
  it("pauses like the web chat with the default typing emulation: words at 400 a minute, media 400 ms", () => {
    // 5 words at 400 words a minute: 750 ms; 100 words would be 15 s, cut at maxDelay (3 s).
    expect(getTypingPauses([say(words(5)), image, say(words(100))], {}, { isFirstTurn: false })).toEqual([
      750, 400, 3_000,
    ]);
  });

  it("skips the first message of a conversation unless told otherwise, and adds the delay between bubbles", () => {
    const messages = [say(words(5)), say(words(2))];
    expect(getTypingPauses(messages, {}, { isFirstTurn: true })).toEqual([0, 300]);
    expect(
      getTypingPauses(
        messages,
        { typingEmulation: { isDisabledOnFirstMessage: false, delayBetweenBubbles: 1, speed: 200 } },
        { isFirstTurn: true },
      ),
    ).toEqual([1_500, 1_600]);
  });

  it("caps a message at 3 s whatever the settings, and a turn at 10 s", () => {
    const slow = { typingEmulation: { maxDelay: 60, delayBetweenBubbles: 20 } };
    expect(getTypingPauses([say(words(300))], slow, { isFirstTurn: false })).toEqual([3_000]);
    expect(
      getTypingPauses(
        Array.from({ length: 6 }, () => say(words(100))),
        {},
        { isFirstTurn: false },
      ),
    ).toEqual([3_000, 3_000, 3_000, 1_000, 0, 0]);
  });

  it("does not pause when typing emulation is off", () => {
    const messages = [say(words(5)), image];
    expect(
      getTypingPauses(messages, { typingEmulation: { enabled: false } }, { isFirstTurn: false }),
    ).toEqual([0, 0]);
    expect(
      getTypingPauses(messages, { general: { isTypingEmulationEnabled: false } }, { isFirstTurn: false }),
    ).toEqual([0, 0]);
  });
});
