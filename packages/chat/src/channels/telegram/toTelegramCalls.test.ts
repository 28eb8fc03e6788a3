import { describe, expect, it } from "vitest";
import { toTelegramCalls } from "./toTelegramCalls";

describe("toTelegramCalls", () => {
  it("sends attachments by URL with the text as caption, and the text alone after media when there are choices", () => {
    expect(
      toTelegramCalls({ text: "Our shop", media: { kind: "image", url: "https://x.test/a.png" } }, "7"),
    ).toEqual([
      { method: "sendPhoto", body: { chat_id: "7", photo: "https://x.test/a.png", caption: "Our shop" } },
    ]);
    expect(toTelegramCalls({ text: "", media: { kind: "audio", url: "https://x.test/a.mp3" } }, "7")).toEqual(
      [{ method: "sendAudio", body: { chat_id: "7", audio: "https://x.test/a.mp3" } }],
    );
    expect(
      toTelegramCalls(
        {
          text: "Which one?",
          media: { kind: "video", url: "https://x.test/a.mp4" },
          choices: [{ id: "i-1", label: "This one" }],
        },
        "7",
      ),
    ).toEqual([
      { method: "sendVideo", body: { chat_id: "7", video: "https://x.test/a.mp4" } },
      {
        method: "sendMessage",
        body: {
          chat_id: "7",
          text: "Which one?",
          reply_markup: { inline_keyboard: [[{ text: "This one", callback_data: "i-1" }]] },
        },
      },
    ]);
  });

  it("writes the options of a multiple choice as text lines, since a button sends one", () => {
    expect(
      toTelegramCalls(
        {
          text: "Pick some:",
          choices: [
            { id: "a", label: "Apple" },
            { id: "b", label: "Banana" },
          ],
          isMultipleChoice: true,
        },
        "7",
      ),
    ).toEqual([{ method: "sendMessage", body: { chat_id: "7", text: "Pick some:\n- Apple\n- Banana" } }]);
  });

  it("cuts a text over 4,096 characters", () => {
    const [call] = toTelegramCalls({ text: "y".repeat(5000) }, "7");
    expect(call?.body.text).toBe(`${"y".repeat(4095)}…`);
  });
});
