import { describe, expect, it } from "vitest";
import { toWhatsAppMessages } from "./toWhatsAppMessages";

const options = { listButtonLabel: "Select" };

describe("toWhatsAppMessages", () => {
  it("sends attachments as media messages, captioned with the text except audio", () => {
    expect(
      toWhatsAppMessages({ text: "", media: { kind: "image", url: "https://x.test/a.png" } }, options),
    ).toEqual([{ type: "image", image: { link: "https://x.test/a.png" } }]);
    expect(
      toWhatsAppMessages(
        { text: "Our shop", media: { kind: "video", url: "https://x.test/a.mp4" } },
        options,
      ),
    ).toEqual([{ type: "video", video: { link: "https://x.test/a.mp4", caption: "Our shop" } }]);
    expect(
      toWhatsAppMessages({ text: "Listen", media: { kind: "audio", url: "https://x.test/a.mp3" } }, options),
    ).toEqual([
      { type: "audio", audio: { link: "https://x.test/a.mp3" } },
      { type: "text", text: { body: "Listen" } },
    ]);
    expect(
      toWhatsAppMessages({ text: "", media: { kind: "file", url: "https://x.test/a.pdf" } }, options),
    ).toEqual([{ type: "document", document: { link: "https://x.test/a.pdf" } }]);
  });

  it("lists more than 10 choices as text lines, and cuts list rows at 24 characters with the full label below", () => {
    const many = Array.from({ length: 11 }, (_, index) => ({
      id: `i-${index}`,
      label: `Option ${index + 1}`,
    }));
    const [asText] = toWhatsAppMessages({ text: "Reply with one of these:", choices: many }, options);
    expect(asText).toEqual({
      type: "text",
      text: { body: `Reply with one of these:\n${many.map((choice) => `- ${choice.label}`).join("\n")}` },
    });
    const long = "A very long option label of thirty-eight";
    const [list] = toWhatsAppMessages(
      { text: "Pick", choices: [...many.slice(0, 3), { id: "i-long", label: long }] },
      options,
    );
    expect(list).toMatchObject({
      type: "interactive",
      interactive: {
        type: "list",
        body: { text: `Pick\n- ${long}` },
        action: {
          sections: [
            {
              rows: expect.arrayContaining([
                { id: "i-long", title: "A very long option labe…", description: long },
              ]),
            },
          ],
        },
      },
    });
  });

  it("writes the options of a multiple choice as text lines, since a button sends one", () => {
    expect(
      toWhatsAppMessages(
        {
          text: "Reply with one or more of these, separated by commas:",
          choices: [
            { id: "a", label: "Apple" },
            { id: "b", label: "Banana" },
          ],
          isMultipleChoice: true,
        },
        options,
      ),
    ).toEqual([
      {
        type: "text",
        text: { body: "Reply with one or more of these, separated by commas:\n- Apple\n- Banana" },
      },
    ]);
  });

  it("cuts a text over 4,096 characters", () => {
    const [message] = toWhatsAppMessages({ text: "x".repeat(5000) }, options);
    expect(message).toEqual({ type: "text", text: { body: `${"x".repeat(4095)}…` } });
  });
});
