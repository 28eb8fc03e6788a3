import { describe, expect, it } from "vitest";
import { createFlow, getMessageTexts, startTestChat, textBlock } from "../testing";

const askFlow = (
  type: string,
  options: Record<string, unknown> = {},
  settings: Record<string, unknown> = {},
) =>
  createFlow({
    settings,
    variables: [
      { id: "v", name: "Value" },
      { id: "v-min", name: "Min", value: "5" },
    ],
    groups: [
      {
        id: "g",
        title: "Ask",
        blocks: [
          { id: "q", type, options: { variableId: "v", ...options } },
          textBlock("t", "Got {{Value}}"),
        ],
      },
    ],
  });

const reply = async (
  type: string,
  text: string,
  options: Record<string, unknown> = {},
  session: { isOnMessagingChannel?: boolean } = {},
) => {
  const chat = await startTestChat(askFlow(type, options), session);
  return chat.send(text);
};

const expectValid = async (
  type: string,
  text: string,
  stored: string,
  options: Record<string, unknown> = {},
  session: { isOnMessagingChannel?: boolean } = {},
) => {
  const outcome = await reply(type, text, options, session);
  expect(getMessageTexts(outcome)).toEqual([`Got ${stored}`]);
  return outcome;
};

const expectInvalid = async (
  type: string,
  text: string,
  options: Record<string, unknown> = {},
  session: { isOnMessagingChannel?: boolean } = {},
) => {
  const outcome = await reply(type, text, options, session);
  expect(outcome.response.input?.id).toBe("q");
  expect(outcome.newAnswers).toEqual([]);
  expect(outcome.response.messages).toHaveLength(1);
  expect(outcome.response.messages[0]?.id).toBe("q");
  return outcome;
};

describe("number input", () => {
  it("normalises numbers, keeps leading zeros, and reports the new format", async () => {
    expect((await expectValid("number input", " 12.50 ", "12.5")).response.lastMessageNewFormat).toBe("12.5");
    await expectValid("number input", "007", "007");
    await expectValid("number input", "-3", "-3");
  });
  it("rejects text and numbers out of bounds, including a bound of 0", async () => {
    await expectInvalid("number input", "12abc");
    await expectInvalid("number input", "");
    await expectInvalid("number input", "-1", { min: 0 });
    await expectInvalid("number input", "1", { max: 0 });
    await expectValid("number input", "0", "0", { min: 0, max: 0 });
    await expectInvalid("number input", "4", { min: "{{Min}}" });
    await expectValid("number input", "5", "5", { min: "{{Min}}" });
  });
  it("checks the step from the minimum", async () => {
    await expectValid("number input", "1.5", "1.5", { step: 0.5 });
    await expectInvalid("number input", "1.2", { step: 0.5 });
    await expectValid("number input", "7", "7", { min: 1, step: 3 });
    await expectInvalid("number input", "6", { min: 1, step: 3 });
  });
  it("reads a messaging channel's reply as the block's locale writes numbers, stored with a decimal point", async () => {
    const typed = { isOnMessagingChannel: true };
    const outcome = await expectValid("number input", "3,5", "3.5", { locale: "de", step: 0.5 }, typed);
    expect(outcome.response.lastMessageNewFormat).toBe("3.5");
    await expectValid("number input", "1.234,5", "1234.5", { locale: "de" }, typed);
    await expectValid("number input", "1 234,5", "1234.5", { locale: "fr" }, typed);
    await expectValid("number input", "1,234.5", "1234.5", { locale: "en" }, typed);
    await expectValid("number input", "1e3", "1000", { locale: "de" }, typed);
    await expectInvalid("number input", "3,5", { locale: "de", max: 3 }, typed);
    await expectInvalid("number input", "3,5,1", { locale: "de" }, typed);
  });
  it("reads it in the conversation's language when the block sets no locale", async () => {
    const typed = { isOnMessagingChannel: true };
    const french = askFlow("number input", {}, { languages: { defaultLanguage: "fr", languages: [] } });
    const chat = await startTestChat(french, typed);
    expect(getMessageTexts(await chat.send("2,75"))).toEqual(["Got 2.75"]);
    const german = askFlow("number input", {}, { languages: { defaultLanguage: "en", languages: ["de"] } });
    const inGerman = await startTestChat(german, { ...typed, languageHints: { embed: "de" } });
    expect(getMessageTexts(await inGerman.send("1.500"))).toEqual(["Got 1500"]);
    const inEnglish = await startTestChat(german, { ...typed, languageHints: { embed: "en" } });
    expect(getMessageTexts(await inEnglish.send("1.500"))).toEqual(["Got 1.5"]);
  });
  it("reads the widget's and API's reply in the engine's own form, whatever the locale", async () => {
    // A German visitor typing "1,234" in the widget means 1.234: the widget sends "1.234".
    await expectValid("number input", "1.234", "1.234", { locale: "de" });
    const german = askFlow("number input", {}, { languages: { defaultLanguage: "de", languages: [] } });
    const chat = await startTestChat(german);
    expect(getMessageTexts(await chat.send("1.234"))).toEqual(["Got 1.234"]);
  });
});

describe("email input", () => {
  it("stores the address lower-cased and says so", async () => {
    const outcome = await expectValid("email input", "Ada@Example.COM", "ada@example.com");
    expect(outcome.response.lastMessageNewFormat).toBe("ada@example.com");
  });
  it("answers an invalid address with the invalid message of the settings (decisions.md)", async () => {
    const outcome = await expectInvalid("email input", "not-an-email");
    expect(getMessageTexts(outcome)).toEqual(["Invalid message. Please, try again."]);
  });
});

describe("url input", () => {
  it("accepts addresses with or without protocol, as typed", async () => {
    await expectValid("url input", "example.com/path", "example.com/path");
    await expectValid("url input", "https://sub.example.org?q=1", "https://sub.example.org?q=1");
    await expectInvalid("url input", "not a url");
    await expectInvalid("url input", "javascript:alert(1)");
    await expectInvalid("url input", "localhost-ish");
  });
});

describe("phone number input", () => {
  it("stores E.164 using the default country", async () => {
    const outcome = await expectValid("phone number input", "06 12 34 56 78", "+33612345678", {
      defaultCountryCode: "FR",
    });
    expect(outcome.response.lastMessageNewFormat).toBe("+33612345678");
    await expectValid("phone number input", "+1 (202) 555-0125", "+12025550125");
    await expectInvalid("phone number input", "12345", { defaultCountryCode: "FR" });
    await expectInvalid("phone number input", "call me");
  });
});

describe("date input", () => {
  it("reads natural language against the clock and formats with the default pattern", async () => {
    const outcome = await expectValid("date input", "tomorrow", "22/08/2026");
    expect(outcome.response.lastMessageNewFormat).toBe("22/08/2026");
    await expectValid("date input", "01/02/2026", "01/02/2026");
    await expectValid("date input", "2026-03-04", "04/03/2026");
  });
  it("honours time, custom formats, ranges and min/max", async () => {
    await expectValid("date input", "2026-03-04T10:15", "04/03/2026 10:15", { hasTime: true });
    await expectValid("date input", "2026-03-04", "2026 Mar 4", { format: "yyyy MMM d" });
    await expectValid("date input", "2026-01-01 to 2026-01-05", "01/01/2026 until 05/01/2026", {
      isRange: true,
      labels: { separator: "until" },
    });
    await expectInvalid("date input", "2026-01-01", { isRange: true });
    await expectInvalid("date input", "2026-01-01", { min: "2026-02-01" });
    await expectInvalid("date input", "2026-12-01", { max: "2026-11-30" });
    await expectInvalid("date input", "someday maybe");
    // A one-language bot: English, day first, and no locale sent to the client.
    const chat = await startTestChat(askFlow("date input"));
    expect(chat.outcome.response.input?.options).not.toHaveProperty("locale");
  });
});

describe("time input", () => {
  it("reads times and formats them", async () => {
    await expectValid("time input", "2pm", "14:00");
    await expectValid("time input", "09:05", "09:05");
    await expectValid("time input", "14:30", "2:30 PM", { format: "h:mm a" });
    await expectInvalid("time input", "tomorrow");
  });
});

describe("rating input", () => {
  it("accepts whole numbers on the scale", async () => {
    await expectValid("rating input", "0", "0");
    await expectValid("rating input", "10", "10");
    await expectInvalid("rating input", "11");
    await expectInvalid("rating input", "-1");
    await expectInvalid("rating input", "4.5");
    await expectValid("rating input", "3", "3", { startsAt: 1, length: 5 });
    await expectInvalid("rating input", "0", { startsAt: 1, length: 5 });
    await expectInvalid("rating input", "0", { buttonType: "Icons", length: 5 });
  });
});

describe("retry message precedence", () => {
  it("block message (with variables), then kind default, then bot setting, then product default", async () => {
    const own = await expectInvalid("email input", "x", { retryMessageContent: "Again, min {{Min}}" });
    expect(getMessageTexts(own)).toEqual(["Again, min 5"]);
    const settings = { general: { systemMessages: { invalidMessage: "Nope, retry" } } };
    const chat = await startTestChat(askFlow("number input", {}, settings));
    expect(getMessageTexts(await chat.send("abc"))).toEqual(["Nope, retry"]);
    expect(getMessageTexts(await expectInvalid("number input", "abc"))).toEqual([
      "Invalid message. Please, try again.",
    ]);
  });
  it("renders the retry message as markdown when asked", async () => {
    const chat = await startTestChat(askFlow("number input"));
    const outcome = await chat.send("abc", "markdown");
    expect(outcome.response.messages[0]).toEqual({
      id: "q",
      type: "text",
      content: { type: "markdown", markdown: "Invalid message. Please, try again." },
    });
  });

  it("escapes a retry message's text for markdown, one paragraph a line", async () => {
    const retryMessageContent = "2*3*4 is not a number\n1. type digits\n# only";
    const chat = await startTestChat(askFlow("number input", { retryMessageContent }));
    const outcome = await chat.send("abc", "markdown");
    expect(outcome.response.messages[0]).toMatchObject({
      content: { type: "markdown", markdown: "2\\*3\\*4 is not a number\n\n1\\. type digits\n\n\\# only" },
    });
  });
});
