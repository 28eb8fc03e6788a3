import type { LanguagesSettings } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import {
  createFlow,
  createTestPorts,
  type DraftBlock,
  getInputItems,
  getMessageTexts,
  startTestChat,
  textBlock,
} from "../testing";
import type { LanguageHints } from "../types/outcome";
import { getLocalizedFlow } from "./sessionLanguage";

const fr = (value: unknown, status: "reviewed" | "machineDraft" = "reviewed") => ({ value, status });

const languages = (overrides: Partial<LanguagesSettings> = {}): LanguagesSettings => ({
  defaultLanguage: "en",
  languages: ["fr", "ar"],
  variableId: "lang",
  ...overrides,
});

/** A bot in English with French texts for every kind a visitor reads, and an Arabic that translates nothing. */
const translatedFlow = (blocks: DraftBlock[], settings: Partial<LanguagesSettings> = {}, translations = {}) =>
  createFlow({
    variables: [
      { id: "lang", name: "Language" },
      { id: "name", name: "Name", value: "Ada" },
      { id: "answer", name: "Answer" },
    ],
    groups: [{ id: "g", title: "G", blocks }],
    settings: {
      general: { systemMessages: { invalidMessage: "Invalid, try again." } },
      languages: { ...languages(settings), translations: { fr: translations } },
    },
  });

const start = (
  flow: ReturnType<typeof translatedFlow>,
  hints: LanguageHints = {},
  prefilledVariables?: Record<string, unknown>,
) => startTestChat(flow, { languageHints: hints, ...(prefilledVariables ? { prefilledVariables } : {}) });

const greeting = {
  id: "hello",
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: "Hello " }, { text: "{{Name}}", bold: true }] }] },
};
const greetingFr = {
  "block:hello:content.richText": fr([
    { type: "p", children: [{ text: "Bonjour " }, { text: "{{Name}}", bold: true }] },
  ]),
};

describe("texts in the visitor's language, per kind", () => {
  it("a text bubble: the translated rich text keeps its formatting and its variables", async () => {
    const chat = await start(translatedFlow([greeting], {}, greetingFr), { embed: "fr" });
    expect(getMessageTexts(chat.outcome)).toEqual(["Bonjour Ada"]);
    const bubble = chat.outcome.response.messages[0];
    expect(bubble?.type === "text" && bubble.content.type === "richText" && bubble.content.richText).toEqual([
      { type: "p", children: [{ text: "Bonjour " }, { text: "Ada", bold: true }] },
    ]);
    expect(chat.outcome.response.language).toBe("fr");
  });

  it("falls back to the default language for a text without translation, and speaks it to others", async () => {
    const flow = translatedFlow([greeting, textBlock("bye", "Bye")], {}, greetingFr);
    expect(getMessageTexts((await start(flow, { embed: "fr" })).outcome)).toEqual(["Bonjour Ada", "Bye"]);
    expect(getMessageTexts((await start(flow, { embed: "ar" })).outcome)).toEqual(["Hello Ada", "Bye"]);
    expect(getMessageTexts((await start(flow, { embed: "de" })).outcome)).toEqual(["Hello Ada", "Bye"]);
  });

  it("an input's placeholder and button, and the number input's locale", async () => {
    const ask = { id: "ask", type: "text input", options: { variableId: "answer" } };
    const number = { id: "num", type: "number input", options: { variableId: "answer" } };
    const flow = translatedFlow(
      [ask, number],
      {},
      {
        "block:ask:options.labels.placeholder": fr("Votre réponse…"),
        "block:ask:options.labels.button": fr("Envoyer", "machineDraft"),
      },
    );
    const chat = await start(flow, { embed: "fr" });
    expect(chat.outcome.response.input).toMatchObject({
      id: "ask",
      options: { labels: { placeholder: "Votre réponse…", button: "Envoyer" } },
    });
    const next = await chat.send("oui");
    expect(next.response.input).toMatchObject({ id: "num", options: { locale: "fr" } });
  });

  it("date answers in the visitor's locale: its order without a format, its month names with one", async () => {
    const day = { id: "day", type: "date input", options: { variableId: "answer" } };
    const named = {
      id: "named",
      type: "date input",
      options: { variableId: "answer", format: "EEEE d MMMM yyyy" },
    };
    const own = { id: "own", type: "date input", options: { variableId: "answer", locale: "de" } };
    const flow = translatedFlow([day, named, own]);
    const french = await start(flow, { embed: "fr" });
    // The widget is told the locale, to show the visitor's bubble as the answer is stored.
    expect(french.outcome.response.input).toMatchObject({ id: "day", options: { locale: "fr" } });
    const first = await french.send("2026-11-23");
    expect(first.response.lastMessageNewFormat).toBe("23/11/2026");
    expect(first.newAnswers.map((answer) => answer.content)).toEqual(["23/11/2026"]);
    // A reply typed in French words (a messaging channel) is read, and written with French names.
    const second = await french.send("23 novembre 2026");
    expect(second.response.lastMessageNewFormat).toBe("lundi 23 novembre 2026");
    // A block's own locale comes first, and is not repeated to the client.
    expect(second.response.input).toMatchObject({ id: "own", options: { locale: "de" } });
    expect((await french.send("2026-11-23")).response.lastMessageNewFormat).toBe("23.11.2026");
    // The default language has its locale too: English, month first.
    const english = await start(flow);
    expect(english.outcome.response.input).toMatchObject({ id: "day", options: { locale: "en" } });
    expect((await english.send("2026-11-23")).response.lastMessageNewFormat).toBe("11/23/2026");
  });

  it("choice items: labels translated, the reply matched in the visitor's language, ids and edges unchanged", async () => {
    const flow = createFlow({
      variables: [{ id: "answer", name: "Answer" }],
      groups: [
        {
          id: "g",
          title: "G",
          blocks: [
            {
              id: "pick",
              type: "choice input",
              options: { variableId: "answer" },
              items: [
                { id: "yes", content: "Yes", outgoingEdgeId: "to-yes" },
                { id: "no", content: "No" },
              ],
            },
          ],
        },
        { id: "gy", title: "Yes group", blocks: [textBlock("said-yes", "You said {{Answer}}")] },
      ],
      edges: [{ id: "to-yes", from: { blockId: "pick", itemId: "yes" }, to: { groupId: "gy" } }],
      settings: {
        languages: {
          ...languages({ variableId: null }),
          translations: { fr: { "item:pick:yes:content": fr("Oui"), "item:pick:no:content": fr("Non") } },
        },
      },
    });
    const chat = await start(flow, { embed: "fr" });
    expect(getInputItems(chat.outcome.response.input)?.map((item) => [item.id, item.content])).toEqual([
      ["yes", "Oui"],
      ["no", "Non"],
    ]);
    const next = await chat.send("Oui");
    expect(next.newAnswers).toMatchObject([{ blockId: "pick", itemId: "yes", content: "Oui" }]);
    expect(getMessageTexts(next)).toEqual(["You said Oui"]);
    expect(next.result.language).toBe("fr");
  });

  it("picture choices, cards and rating labels", async () => {
    const flow = translatedFlow(
      [
        {
          id: "pics",
          type: "picture choice input",
          options: { variableId: "answer" },
          items: [{ id: "p1", pictureSrc: "https://example.com/a.png", title: "Cat", description: "A cat" }],
        },
        {
          id: "cards",
          type: "cards",
          items: [{ id: "c1", title: "Plan", description: "Monthly", paths: [{ id: "b1", text: "Choose" }] }],
        },
        {
          id: "rate",
          type: "rating input",
          options: { variableId: "answer", labels: { left: "Bad", right: "Good" } },
        },
      ],
      {},
      {
        "item:pics:p1:title": fr("Chat"),
        "item:pics:p1:description": fr("Un chat"),
        "item:cards:c1:title": fr("Formule"),
        "item:cards:c1:description": fr("Mensuelle"),
        "path:cards:c1:b1:text": fr("Choisir"),
        "block:rate:options.labels.left": fr("Mauvais"),
        "block:rate:options.labels.right": fr("Bon"),
      },
    );
    const chat = await start(flow, { embed: "fr" });
    expect(getInputItems(chat.outcome.response.input)).toMatchObject([
      { id: "p1", title: "Chat", description: "Un chat" },
    ]);
    const cards = await chat.send({ type: "text", text: "Chat", metadata: { replyId: "p1" } });
    expect(getInputItems(cards.response.input)).toMatchObject([
      { id: "c1", title: "Formule", description: "Mensuelle", paths: [{ id: "b1", text: "Choisir" }] },
    ]);
    const rating = await chat.send({ type: "text", text: "Choisir", metadata: { replyId: "b1" } });
    expect(rating.response.input).toMatchObject({
      id: "rate",
      options: { labels: { left: "Mauvais", right: "Bon" } },
    });
  });

  it("system messages: the retry message of an invalid answer", async () => {
    const email = { id: "mail", type: "email input", options: { variableId: "answer" } };
    const flow = translatedFlow(
      [email],
      {},
      {
        "settings:general.systemMessages.invalidMessage": fr("Message invalide, réessayez."),
      },
    );
    const chat = await start(flow, { embed: "fr" });
    expect(getMessageTexts(await chat.send("not an address"))).toEqual(["Message invalide, réessayez."]);
  });

  it("ignores a key naming a field that is no text (a redirect's URL stays)", () => {
    const flow = translatedFlow(
      [{ id: "go", type: "Redirect", options: { url: "https://example.com" } }],
      {},
      {
        "block:go:options.url": fr("https://evil.example"),
      },
    );
    const localized = getLocalizedFlow(flow, "fr");
    expect(localized.groups[0]?.blocks[0]).toMatchObject({ options: { url: "https://example.com" } });
  });
});

describe("choosing the visitor's language", () => {
  const flow = translatedFlow([greeting], {}, greetingFr);

  it("the prefilled Language variable (or `lang`) comes first, then the embed option, then the browser", async () => {
    const byVariable = await start(flow, { embed: "ar", browser: ["ar"] }, { Language: "fr-CA" });
    expect(byVariable.outcome.response.language).toBe("fr");
    const byLang = await start(flow, { embed: "ar" }, { lang: "fr" });
    expect(byLang.outcome.response.language).toBe("fr");
    expect((await start(flow, { embed: "fr", browser: ["ar"] })).outcome.response.language).toBe("fr");
    expect((await start(flow, { browser: ["de", "ar-EG", "fr"] })).outcome.response.language).toBe("ar");
  });

  it("then Telegram's language_code, then WhatsApp's detected language, else the default", async () => {
    expect((await start(flow, { browser: ["de"], telegram: "fr" })).outcome.response.language).toBe("fr");
    expect((await start(flow, { whatsapp: "ar" })).outcome.response.language).toBe("ar");
    expect((await start(flow, { telegram: "de", whatsapp: "es" })).outcome.response.language).toBe("en");
  });

  it("a language chosen outright (the preview's picker) comes before every source, even one the order leaves out", async () => {
    const embedOnly = translatedFlow([greeting], { detection: ["embed"] }, greetingFr);
    const chosen = await start(embedOnly, { chosen: "fr-CA", embed: "ar" }, { Language: "ar" });
    expect(chosen.outcome.response.language).toBe("fr");
    expect((await start(flow, { chosen: "de", embed: "ar" })).outcome.response.language).toBe("ar");
  });

  it("follows the bot's own detection order, and leaves out a source it does not list", async () => {
    const browserFirst = translatedFlow([greeting], { detection: ["browser", "embed"] }, greetingFr);
    expect((await start(browserFirst, { embed: "ar", browser: ["fr"] })).outcome.response.language).toBe(
      "fr",
    );
    const noTelegram = translatedFlow([greeting], { detection: ["embed"] }, greetingFr);
    expect((await start(noTelegram, { telegram: "fr" })).outcome.response.language).toBe("en");
  });

  it("sets the Language variable at the start; a choice saving into it switches the rest of the conversation", async () => {
    const switching = translatedFlow(
      [
        {
          id: "pick",
          type: "choice input",
          options: { variableId: "lang" },
          items: [
            { id: "i-en", content: "English", value: "en" },
            { id: "i-fr", content: "Français", value: "fr" },
          ],
        },
        greeting,
        { id: "ask", type: "text input", options: { variableId: "answer" } },
      ],
      {},
      { ...greetingFr, "block:ask:options.labels.placeholder": fr("Votre réponse…") },
    );
    const chat = await start(switching, { browser: ["en-GB"] });
    expect(chat.outcome.state.frames[0]?.variables.lang).toBe("en");
    expect(chat.outcome.response.language).toBe("en");
    const next = await chat.send({ type: "text", text: "Français", metadata: { replyId: "i-fr" } });
    expect(getMessageTexts(next)).toEqual(["Bonjour Ada"]);
    expect(next.response.input).toMatchObject({ options: { labels: { placeholder: "Votre réponse…" } } });
    expect(next.response.language).toBe("fr");
    expect(next.result.language).toBe("fr");
    expect(next.state.language).toBe("fr");
  });

  it("a one-language bot: no language, the snapshot itself", async () => {
    const plain = createFlow({ groups: [{ id: "g", title: "G", blocks: [textBlock("t", "Hi")] }] });
    const chat = await start(plain, { embed: "fr" });
    expect(chat.outcome.response.language).toBeNull();
    expect(chat.outcome.result).not.toHaveProperty("language");
    expect(chat.outcome.state.language).toBeUndefined();
    expect(getLocalizedFlow(plain, "fr")).toBe(plain);
  });

  it("builds a language's view once per snapshot", () => {
    expect(getLocalizedFlow(flow, "fr")).toBe(getLocalizedFlow(flow, "fr-FR"));
    expect(getLocalizedFlow(flow, "fr")).not.toBe(flow);
    expect(getLocalizedFlow(flow, "en")).toBe(flow);
  });
});

describe("a linked bot", () => {
  const child = (languages?: Partial<LanguagesSettings>) =>
    createFlow({
      id: "child-v1",
      botId: "child",
      groups: [{ id: "c", title: "C", blocks: [textBlock("c1", "child in English")] }],
      ...(languages
        ? {
            settings: {
              languages: {
                defaultLanguage: "en",
                languages: ["fr-CA", "de"],
                ...languages,
                translations: { "fr-CA": { "block:c1:content.richText": fr("enfant en français") } },
              },
            },
          }
        : {}),
    });
  const parent = createFlow({
    groups: [
      {
        id: "p",
        title: "P",
        blocks: [greeting, { id: "link", type: "Bot link", options: { botId: "child" } }],
      },
    ],
    variables: [{ id: "name", name: "Name", value: "Ada" }],
    settings: { languages: { ...languages({ variableId: null }), translations: { fr: greetingFr } } },
  });

  it("speaks the visitor's language when it has it (by language subtag), else its own default", async () => {
    const french = await startTestChat(parent, {
      languageHints: { embed: "fr" },
      ports: createTestPorts({ bots: [child({})] }),
    });
    expect(getMessageTexts(french.outcome)).toEqual(["Bonjour Ada", "enfant en français"]);
    const arabic = await startTestChat(parent, {
      languageHints: { embed: "ar" },
      ports: createTestPorts({ bots: [child({})] }),
    });
    expect(getMessageTexts(arabic.outcome)).toEqual(["Hello Ada", "child in English"]);
    const oneLanguage = await startTestChat(parent, {
      languageHints: { embed: "fr" },
      ports: createTestPorts({ bots: [child()] }),
    });
    expect(getMessageTexts(oneLanguage.outcome)).toEqual(["Bonjour Ada", "child in English"]);
  });
});
