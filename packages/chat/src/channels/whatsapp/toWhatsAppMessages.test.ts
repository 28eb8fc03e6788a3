import type { FormattedBlock } from "@parley/schemas";
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
      text: {
        body: `Reply with one of these:\n${many.map((choice, index) => `${index + 1}. ${choice.label}`).join("\n")}`,
      },
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

  it("writes the options of a multiple choice as numbered lines, since a button sends one", () => {
    expect(
      toWhatsAppMessages(
        {
          text: "Send the numbers:",
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
        text: { body: "Send the numbers:\n1. Apple\n2. Banana" },
      },
    ]);
  });

  it("cuts a text over 4,096 characters", () => {
    const [message] = toWhatsAppMessages({ text: "x".repeat(5000) }, options);
    expect(message).toEqual({ type: "text", text: { body: `${"x".repeat(4095)}…` } });
  });

  it("writes formatted text in WhatsApp's syntax, marks hugging their words, authored marks kept literal", () => {
    const formatted: FormattedBlock[] = [
      {
        type: "paragraph",
        spans: [
          { text: "Hello " },
          { text: "dear Ada ", bold: true },
          { text: "and", italic: true, strike: true },
          { text: " *you* " },
          { text: "f(x)", code: true },
        ],
      },
      {
        type: "paragraph",
        spans: [
          { text: "Read ", url: "https://x.test/doc" },
          { text: "this", url: "https://x.test/doc", bold: true },
          { text: " or " },
          { text: "https://x.test", url: "https://x.test" },
        ],
      },
      { type: "list", isOrdered: false, items: [[{ text: "one" }], [{ text: "two", underline: true }]] },
      { type: "list", isOrdered: true, start: 3, items: [[{ text: "three" }]] },
    ];
    expect(toWhatsAppMessages({ text: "(plain)", formatted }, options)).toEqual([
      {
        type: "text",
        text: {
          body:
            "Hello *dear Ada* _~and~_ *\u200byou* ```f(x)```\n" +
            "Read *this* (https://x.test/doc) or https://x.test\n" +
            "- one\n- two\n3. three",
        },
      },
    ]);
  });

  it("cuts formatted text whole marks at a time, within 4,096 characters", () => {
    const [message] = toWhatsAppMessages(
      {
        text: "",
        formatted: [{ type: "paragraph", spans: [{ text: "b".repeat(5000), bold: true }] }],
      },
      options,
    );
    expect(message).toEqual({ type: "text", text: { body: `*${"b".repeat(4093)}*…` } });
  });

  it("puts an image above up to 3 buttons, and lists the choices of pictures whatever their number", () => {
    expect(
      toWhatsAppMessages(
        {
          text: "Basic",
          formatted: [{ type: "paragraph", spans: [{ text: "Basic", bold: true }] }],
          media: { kind: "image", url: "https://x.test/basic.png" },
          choices: [{ id: "p1", label: "Buy" }],
        },
        options,
      ),
    ).toEqual([
      {
        type: "interactive",
        interactive: {
          type: "button",
          header: { type: "image", image: { link: "https://x.test/basic.png" } },
          body: { text: "*Basic*" },
          action: { buttons: [{ type: "reply", reply: { id: "p1", title: "Buy" } }] },
        },
      },
    ]);
    expect(
      toWhatsAppMessages(
        { text: "Pick one", isList: true, choices: [{ id: "a", label: "Red" }] },
        { listButtonLabel: "See the pictures" },
      ),
    ).toEqual([
      {
        type: "interactive",
        interactive: {
          type: "list",
          body: { text: "Pick one" },
          action: { button: "See the pictures", sections: [{ rows: [{ id: "a", title: "Red" }] }] },
        },
      },
    ]);
  });
});
