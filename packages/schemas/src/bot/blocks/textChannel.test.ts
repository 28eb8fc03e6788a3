import { describe, expect, it } from "vitest";
import { getRuntimeTexts } from "../languages/runtime-texts/getRuntimeTexts";
import { audioBubbleBlock } from "./bubbles/audio";
import { embedBubbleBlock } from "./bubbles/embed";
import { imageBubbleBlock } from "./bubbles/image";
import { textBubbleBlock } from "./bubbles/text";
import { videoBubbleBlock } from "./bubbles/video";
import { getTextChannelMessages } from "./getTextChannelMessages";
import { blockDefinitions } from "./index";
import { cardsBlock } from "./inputs/cards";
import { choiceInputBlock } from "./inputs/choiceInput";
import { dateInputBlock } from "./inputs/dateInput";
import { emailInputBlock } from "./inputs/emailInput";
import { fileInputBlock } from "./inputs/fileInput";
import { numberInputBlock } from "./inputs/numberInput";
import { paymentInputBlock } from "./inputs/paymentInput";
import { phoneNumberInputBlock } from "./inputs/phoneNumberInput";
import { pictureChoiceInputBlock } from "./inputs/pictureChoiceInput";
import { ratingInputBlock } from "./inputs/ratingInput";
import { textInputBlock } from "./inputs/textInput";
import { timeInputBlock } from "./inputs/timeInput";
import { urlInputBlock } from "./inputs/urlInput";
import type { TextChannelMessage } from "./textChannel";

const en = getRuntimeTexts("en", "TextChannel");

/** The one message a kind renders (kinds rendering several are tested as arrays). */
const only = (rendered: TextChannelMessage | TextChannelMessage[]): TextChannelMessage => {
  if (Array.isArray(rendered)) throw new Error(`${rendered.length} messages where one was expected`);
  return rendered;
};

describe("text channel rendering", () => {
  it("is declared by every input and bubble kind, and by no other", () => {
    const rendered = blockDefinitions.filter((definition) => "textChannel" in definition);
    expect(rendered.map((definition) => definition.category)).toEqual(
      blockDefinitions
        .filter((definition) => definition.category === "input" || definition.category === "bubble")
        .map((definition) => definition.category),
    );
    expect(rendered.every((definition) => typeof definition.textChannel === "function")).toBe(true);
  });

  it("text input: its placeholder, else the default one", () => {
    const render = textInputBlock.textChannel;
    expect(render({ id: "t", type: "text input" }, en)).toEqual({ text: "Type your answer..." });
    expect(
      render({ id: "t", type: "text input", options: { labels: { placeholder: "Your name?" } } }, en),
    ).toEqual({ text: "Your name?" });
  });

  it("email, URL and phone inputs: what to reply with", () => {
    expect(emailInputBlock.textChannel({ id: "e", type: "email input" }, en)).toEqual({
      text: "Reply with an email address",
    });
    expect(urlInputBlock.textChannel({ id: "u", type: "url input" }, en)).toEqual({
      text: "Reply with a website address (URL)",
    });
    expect(phoneNumberInputBlock.textChannel({ id: "p", type: "phone number input" }, en)).toEqual({
      text: "Reply with a phone number, starting with its country code (+…)",
    });
    expect(
      phoneNumberInputBlock.textChannel(
        {
          id: "p",
          type: "phone number input",
          options: { defaultCountryCode: "FR" },
        },
        en,
      ),
    ).toEqual({ text: "Reply with a phone number" });
  });

  it("number input: its bounds", () => {
    const render = (options: { min?: number | string; max?: number | string }) =>
      only(numberInputBlock.textChannel({ id: "n", type: "number input", options }, en)).text;
    expect(render({})).toBe("Reply with a number");
    expect(render({ min: 1, max: "5" })).toBe("Reply with a number from 1 to 5");
    expect(render({ min: 0 })).toBe("Reply with a number of at least 0");
    expect(render({ min: "", max: 10 })).toBe("Reply with a number of at most 10");
  });

  it("date and time inputs: the expected format", () => {
    const date = (options: Record<string, unknown>) =>
      only(dateInputBlock.textChannel({ id: "d", type: "date input", options }, en)).text;
    expect(date({})).toBe("Reply with a date (dd/MM/yyyy)");
    expect(date({ hasTime: true })).toBe("Reply with a date and time (dd/MM/yyyy HH:mm)");
    expect(date({ format: "yyyy-MM-dd", isRange: true, labels: { separator: "until" } })).toBe(
      "Reply with a start and an end date (yyyy-MM-dd until yyyy-MM-dd)",
    );
    expect(timeInputBlock.textChannel({ id: "t", type: "time input" }, en)).toEqual({
      text: "Reply with a time (HH:mm)",
    });
    expect(
      timeInputBlock.textChannel({ id: "t", type: "time input", options: { format: "h:mm a" } }, en),
    ).toEqual({ text: "Reply with a time (h:mm a)" });
  });

  it("rating input: the scale the engine accepts, with its end labels", () => {
    const render = (options: Record<string, unknown>) =>
      only(ratingInputBlock.textChannel({ id: "r", type: "rating input", options }, en)).text;
    expect(render({})).toBe("Reply with a number from 0 to 10");
    expect(render({ startsAt: 1, length: 5, labels: { left: "Bad", right: "Great" } })).toBe(
      "Reply with a number from 1 to 5 (1: Bad, 5: Great)",
    );
    expect(render({ buttonType: "Icons", startsAt: 0, length: 3, labels: { right: "Love it" } })).toBe(
      "Reply with a number from 1 to 3 (3: Love it)",
    );
  });

  it("file input: one or several files, the allowed types, the skip word when optional", () => {
    const render = (options: Record<string, unknown>) =>
      only(fileInputBlock.textChannel({ id: "f", type: "file input", options }, en)).text;
    expect(render({})).toBe("Send a file");
    expect(
      render({ isMultipleAllowed: true, allowedFileTypes: { isEnabled: true, types: [".pdf", "image/*"] } }),
    ).toBe("Send one or more files (.pdf, image/*)");
    expect(render({ allowedFileTypes: { isEnabled: false, types: [".pdf"] }, isRequired: false })).toBe(
      'Send a file, or reply "Skip" to skip',
    );
    expect(render({ isRequired: false, labels: { skip: "No file" } })).toBe(
      'Send a file, or reply "No file" to skip',
    );
  });

  it("payment input: the amount due, and that it cannot be paid here", () => {
    expect(
      paymentInputBlock.textChannel(
        {
          id: "p",
          type: "payment input",
          runtimeOptions: { paymentIntentSecret: "pi_secret", amountLabel: "$12.00", publicKey: "pk_test" },
        },
        en,
      ),
    ).toEqual({ text: "A payment of $12.00 is due; card payments cannot be made in this channel" });
    expect(paymentInputBlock.textChannel({ id: "p", type: "payment input" }, en)).toEqual({
      text: "A payment is due; card payments cannot be made in this channel",
    });
  });

  it("payment input on a messaging session: the amount and the link to pay on the web", () => {
    const runtimeOptions = {
      paymentIntentSecret: "pi_secret",
      amountLabel: "$12.00",
      publicKey: "pk_test",
      paymentUrl: "https://chat.example/pay/token",
    };
    expect(paymentInputBlock.textChannel({ id: "p", type: "payment input", runtimeOptions }, en)).toEqual({
      text: "A payment of $12.00 is due. Pay with this link:",
      link: { label: "Pay $12.00", url: "https://chat.example/pay/token" },
    });
    expect(
      paymentInputBlock.textChannel(
        {
          id: "p",
          type: "payment input",
          options: { labels: { button: "Buy" } },
          runtimeOptions,
        },
        en,
      ),
    ).toMatchObject({ link: { label: "Buy $12.00" } });
  });

  it("choice input: its items as choices (value when no text, empty ones left out)", () => {
    expect(
      choiceInputBlock.textChannel(
        {
          id: "c",
          type: "choice input",
          items: [
            { id: "a", content: "Apple" },
            { id: "b", value: "banana" },
            { id: "c", content: "  " },
          ],
        },
        en,
      ),
    ).toEqual({
      text: "Reply with one of these:",
      choices: [
        { id: "a", label: "Apple" },
        { id: "b", label: "banana" },
      ],
    });
    expect(
      choiceInputBlock.textChannel(
        {
          id: "c",
          type: "choice input",
          items: [{ id: "a", content: "Apple" }],
          options: { isMultipleChoice: true },
        },
        en,
      ),
    ).toEqual({
      text: "Reply with the numbers of your choices, separated by commas (e.g. 1, 3):",
      choices: [{ id: "a", label: "Apple" }],
      isMultipleChoice: true,
    });
  });

  it("picture choice input: each picture as a captioned image, then the pictures as a list", () => {
    const items = [
      { id: "a", pictureSrc: "https://img.test/a.png", title: "Red", description: "Bright" },
      { id: "b", description: "A blue one" },
      { id: "c", pictureSrc: "https://img.test/c.png" },
    ];
    expect(pictureChoiceInputBlock.textChannel({ id: "p", type: "picture choice input", items }, en)).toEqual(
      [
        { text: "Red\nBright", media: { kind: "image", url: "https://img.test/a.png" } },
        { text: "", media: { kind: "image", url: "https://img.test/c.png" } },
        {
          text: "Reply with one of these:",
          isList: true,
          choices: [
            { id: "a", label: "Red" },
            { id: "b", label: "A blue one" },
            { id: "c", label: "Picture" },
          ],
        },
      ],
    );
    const multiple = pictureChoiceInputBlock.textChannel(
      {
        id: "p",
        type: "picture choice input",
        items,
        options: { isMultipleChoice: true },
      },
      en,
    );
    expect(Array.isArray(multiple) && multiple.at(-1)).toMatchObject({
      text: "Reply with the numbers of your choices, separated by commas (e.g. 1, 3):",
      isMultipleChoice: true,
    });
  });

  it("cards: each card as its image, its bold title and description, its paths as choices", () => {
    expect(
      cardsBlock.textChannel(
        {
          id: "k",
          type: "cards",
          items: [
            {
              id: "c1",
              title: "Basic",
              description: "For one team",
              imageUrl: "https://img.test/basic.png",
              paths: [
                { id: "p1", text: "Buy" },
                { id: "p2", text: "Details" },
              ],
            },
            { id: "c2", title: "Pro" },
            { id: "c3", paths: [{ id: "p3", text: "Contact us" }] },
          ],
        },
        en,
      ),
    ).toEqual([
      {
        text: "Basic\nFor one team",
        formatted: [
          { type: "paragraph", spans: [{ text: "Basic", bold: true }] },
          { type: "paragraph", spans: [{ text: "For one team" }] },
        ],
        media: { kind: "image", url: "https://img.test/basic.png" },
        choices: [
          { id: "p1", label: "Buy" },
          { id: "p2", label: "Details" },
        ],
      },
      {
        text: "Pro",
        formatted: [{ type: "paragraph", spans: [{ text: "Pro", bold: true }] }],
        choices: [{ id: "c2", label: "Pro" }],
      },
      { text: "", formatted: [], choices: [{ id: "p3", label: "Contact us" }] },
    ]);
  });

  it("text bubble: its rich text or markdown as formatted text, with its plain text", () => {
    const fromRichText = textBubbleBlock.textChannel(
      {
        id: "b",
        type: "text",
        content: {
          type: "richText",
          richText: [
            {
              type: "p",
              children: [
                { text: "Hello " },
                { text: "Ada", bold: true },
                { text: ", see " },
                {
                  type: "a",
                  url: "https://example.com",
                  children: [
                    { text: "our ", italic: true },
                    { text: "site", italic: true },
                  ],
                },
              ],
            },
            { type: "p", children: [{ text: "" }] },
            {
              type: "ol",
              children: [
                { type: "li", children: [{ type: "lic", children: [{ text: "One", strikethrough: true }] }] },
                { type: "li", children: [{ text: "Two" }] },
              ],
            },
          ],
        },
      },
      en,
    );
    const expected = [
      {
        type: "paragraph",
        spans: [
          { text: "Hello " },
          { text: "Ada", bold: true },
          { text: ", see " },
          { text: "our site", italic: true, url: "https://example.com" },
        ],
      },
      { type: "paragraph", spans: [] },
      { type: "list", isOrdered: true, items: [[{ text: "One", strike: true }], [{ text: "Two" }]] },
    ];
    expect(fromRichText).toEqual({ text: "Hello Ada, see our site\n\n1. One\n2. Two", formatted: expected });
    const fromMarkdown = textBubbleBlock.textChannel(
      {
        id: "b",
        type: "text",
        content: {
          type: "markdown",
          markdown: "Hello **Ada**, see [_our site_](https://example.com)\n\n\u200b\n\n1. ~~One~~\n2. Two",
        },
      },
      en,
    );
    expect(only(fromMarkdown).formatted?.[2]).toEqual(expected[2]);
    expect(only(fromMarkdown).formatted?.[0]).toEqual(expected[0]);
    expect(
      only(
        textBubbleBlock.textChannel(
          {
            id: "b",
            type: "text",
            content: { type: "markdown", markdown: "# Title\n- a\n  - b\n\n3. c\n\n`x < y`" },
          },
          en,
        ),
      ).formatted,
    ).toEqual([
      { type: "paragraph", spans: [{ text: "Title", bold: true }] },
      { type: "list", isOrdered: false, items: [[{ text: "a" }], [{ text: "b" }]] },
      { type: "list", isOrdered: true, start: 3, items: [[{ text: "c" }]] },
      { type: "paragraph", spans: [{ text: "x < y", code: true }] },
    ]);
  });

  it("text bubble with sources (an AI agent's answer): the answer, then its sources numbered", () => {
    const rendered = only(
      textBubbleBlock.textChannel(
        {
          id: "b",
          type: "text",
          content: { type: "markdown", markdown: "Returns are free within **30 days**." },
          sources: [
            { id: "s1", name: "Returns policy" },
            { id: "s2", name: "Shipping", url: "https://example.com/shipping" },
          ],
        },
        en,
      ),
    );
    expect(rendered.text).toBe(
      "Returns are free within 30 days.\n\nSources:\n1. Returns policy\n2. Shipping",
    );
    expect(rendered.formatted?.at(-1)).toEqual({
      type: "list",
      isOrdered: true,
      items: [[{ text: "Returns policy" }], [{ text: "Shipping", url: "https://example.com/shipping" }]],
    });
  });

  it("media bubbles: their file as an attachment, a hosted video or an embed as its link", () => {
    expect(
      imageBubbleBlock.textChannel(
        { id: "i", type: "image", content: { url: "https://img.test/a.png" } },
        en,
      ),
    ).toEqual({ text: "", media: { kind: "image", url: "https://img.test/a.png" } });
    expect(imageBubbleBlock.textChannel({ id: "i", type: "image", content: {} }, en)).toEqual({ text: "" });
    expect(
      audioBubbleBlock.textChannel(
        { id: "a", type: "audio", content: { url: "https://cdn.test/a.mp3" } },
        en,
      ),
    ).toEqual({ text: "", media: { kind: "audio", url: "https://cdn.test/a.mp3" } });
    expect(
      videoBubbleBlock.textChannel(
        {
          id: "v",
          type: "video",
          content: { url: "https://cdn.test/v.mp4", type: "url" },
        },
        en,
      ),
    ).toEqual({ text: "", media: { kind: "video", url: "https://cdn.test/v.mp4" } });
    expect(
      videoBubbleBlock.textChannel(
        {
          id: "v",
          type: "video",
          content: { url: "https://youtu.be/abc", type: "youtube", id: "abc" },
        },
        en,
      ),
    ).toEqual({ text: "https://youtu.be/abc" });
    expect(
      embedBubbleBlock.textChannel({ id: "e", type: "embed", content: { url: "https://cal.test/book" } }, en),
    ).toEqual({
      text: "https://cal.test/book",
    });
  });
});

describe("getTextChannelMessages", () => {
  it("renders a chat input or bubble by its kind's definition", () => {
    expect(
      getTextChannelMessages({
        id: "r",
        type: "rating input",
        options: { startsAt: 1, length: 5 },
      }),
    ).toEqual([{ text: "Reply with a number from 1 to 5" }]);
    expect(
      getTextChannelMessages({ id: "i", type: "image", content: { url: "https://img.test/a.png" } }),
    ).toEqual([{ text: "", media: { kind: "image", url: "https://img.test/a.png" } }]);
  });

  it("answers no message for a message of no block kind (a custom embed)", () => {
    expect(
      getTextChannelMessages({
        id: "x",
        type: "custom-embed",
        content: { url: null, initFunction: { args: {}, content: "" }, waitForEventFunction: null },
      }),
    ).toEqual([]);
  });
});
