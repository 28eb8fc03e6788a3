import type { FormattedBlock } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { toTelegramCalls } from "./toTelegramCalls";

describe("toTelegramCalls", () => {
  it("sends attachments by URL with the text as caption, and the choices' keyboard under it", () => {
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
          formatted: [{ type: "paragraph", spans: [{ text: "Which one?", bold: true }] }],
          media: { kind: "video", url: "https://x.test/a.mp4" },
          choices: [{ id: "i-1", label: "This one" }],
        },
        "7",
      ),
    ).toEqual([
      {
        method: "sendVideo",
        body: {
          chat_id: "7",
          video: "https://x.test/a.mp4",
          caption: "<b>Which one?</b>",
          parse_mode: "HTML",
          reply_markup: { inline_keyboard: [[{ text: "This one", callback_data: "i-1" }]] },
        },
      },
    ]);
  });

  it("writes formatted text as escaped HTML with parse_mode, plain text as it is", () => {
    const formatted: FormattedBlock[] = [
      {
        type: "paragraph",
        spans: [
          { text: "1 < 2 & " },
          { text: "bold", bold: true },
          { text: " " },
          { text: "all", italic: true, underline: true, strike: true },
          { text: " " },
          { text: "x", code: true },
        ],
      },
      {
        type: "paragraph",
        spans: [
          { text: "site", url: 'https://x.test/?a=1&b="2"' },
          { text: " " },
          { text: "run", url: "javascript:alert(1)" },
        ],
      },
      { type: "list", isOrdered: false, items: [[{ text: "one" }], [{ text: "two" }]] },
      { type: "list", isOrdered: true, items: [[{ text: "first" }]] },
    ];
    expect(toTelegramCalls({ text: "", formatted }, "7")).toEqual([
      {
        method: "sendMessage",
        body: {
          chat_id: "7",
          parse_mode: "HTML",
          text:
            "1 &lt; 2 &amp; <b>bold</b> <i><u><s>all</s></u></i> <code>x</code>\n" +
            '<a href="https://x.test/?a=1&amp;b=&quot;2&quot;">site</a> run (javascript:alert(1))\n' +
            "• one\n• two\n1. first",
        },
      },
    ]);
    expect(
      toTelegramCalls({ text: "Hi", formatted: [{ type: "paragraph", spans: [{ text: "Hi <3" }] }] }, "7"),
    ).toEqual([{ method: "sendMessage", body: { chat_id: "7", text: "Hi &lt;3", parse_mode: "HTML" } }]);
    expect(toTelegramCalls({ text: "Hi <3" }, "7")).toEqual([
      { method: "sendMessage", body: { chat_id: "7", text: "Hi <3" } },
    ]);
  });

  it("cuts HTML at 4,096 characters shown, never inside a tag or an entity", () => {
    const [call] = toTelegramCalls(
      {
        text: "",
        formatted: [
          { type: "paragraph", spans: [{ text: "&".repeat(4000) }, { text: "z".repeat(200), bold: true }] },
        ],
      },
      "7",
    );
    expect(call?.body).toEqual({
      chat_id: "7",
      parse_mode: "HTML",
      text: `${"&amp;".repeat(4000)}<b>${"z".repeat(95)}</b>…`,
    });
  });

  it("writes the options of a multiple choice as numbered lines, since a button sends one", () => {
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
    ).toEqual([{ method: "sendMessage", body: { chat_id: "7", text: "Pick some:\n1. Apple\n2. Banana" } }]);
  });

  it("cuts a text over 4,096 characters", () => {
    const [call] = toTelegramCalls({ text: "y".repeat(5000) }, "7");
    expect(call?.body.text).toBe(`${"y".repeat(4095)}…`);
  });
});
