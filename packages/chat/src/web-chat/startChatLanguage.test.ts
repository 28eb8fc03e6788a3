import { getPrisma } from "@parley/db";
import { errorBodySchema, startChatResponseSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import { createGreetingFlow, textOf } from "../testing/testFlows";

const { chat } = createTestChat();
const prisma = getPrisma();

/** The greeting flow in English, French and Arabic (only French translated). */
const translatedGreeting = () => {
  const flow = createGreetingFlow();
  return {
    ...flow,
    settings: {
      languages: {
        defaultLanguage: "en",
        languages: ["fr", "ar"],
        translations: {
          fr: {
            "block:b-hello:content.richText": {
              value: [{ type: "p", children: [{ text: "Bonjour {{Name}} !" }] }],
              status: "reviewed",
            },
            "block:b-name:options.labels.placeholder": { value: "Votre nom…", status: "machineDraft" },
            "settings:general.systemMessages.invalidMessage": {
              value: "Message invalide.",
              status: "reviewed",
            },
          },
        },
      },
    },
  };
};

const start = async (publicId: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  readResponse(await chat(chatRequest(`/bots/${publicId}/startChat`, { token, body, headers })));

describe("startChat in the visitor's language", () => {
  it("speaks the body's `language`, says so, translates the widget's system messages and records it", async () => {
    const bot = await createPublishedTestBot(translatedGreeting());
    const response = await start(
      bot.publicId,
      bot.chatKey,
      { language: "fr-FR" },
      { "accept-language": "ar" },
    );
    expect(response.status).toBe(200);
    const body = startChatResponseSchema.parse(response.body);
    expect(body.messages.map(textOf)).toEqual(["Bonjour  !"]);
    expect(body.input).toMatchObject({ id: "b-name", options: { labels: { placeholder: "Votre nom…" } } });
    expect(body.language).toBe("fr");
    expect(body.bot.settings.general.systemMessages?.invalidMessage).toBe("Message invalide.");
    const name = await readResponse(
      await chat(
        chatRequest(`/sessions/${body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "Ada" },
        }),
      ),
    );
    expect(name.body.language).toBe("fr");
    const invalid = await readResponse(
      await chat(
        chatRequest(`/sessions/${body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "nope" },
        }),
      ),
    );
    expect(invalid.body.messages.map(textOf)).toEqual(["Message invalide."]);
    const result = await prisma.result.findUniqueOrThrow({ where: { id: body.resultId ?? "" } });
    expect(result.language).toBe("fr");
  });

  it("without `language`, the browser's Accept-Language chooses (by weight); untranslated texts stay in English", async () => {
    const bot = await createPublishedTestBot(translatedGreeting());
    const response = await start(
      bot.publicId,
      bot.chatKey,
      {},
      { "accept-language": "de;q=0.9, ar-EG, fr;q=0.5" },
    );
    expect(response.body.language).toBe("ar");
    expect(response.body.messages.map(textOf)).toEqual(["Hello !"]);
    const none = await start(bot.publicId, bot.chatKey, {}, { "accept-language": "de" });
    expect(none.body.language).toBe("en");
  });

  it("the prefilled `lang` comes before the body's language", async () => {
    const bot = await createPublishedTestBot(translatedGreeting());
    const response = await start(bot.publicId, bot.chatKey, {
      language: "ar",
      prefilledVariables: { lang: "fr" },
    });
    expect(response.body.language).toBe("fr");
  });

  it("refuses a `language` that is no BCP 47 tag, at its path", async () => {
    const bot = await createPublishedTestBot(translatedGreeting());
    const response = await start(bot.publicId, bot.chatKey, { language: "en_US!" });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(response.body).issues).toMatchObject([{ path: ["language"] }]);
  });

  it("a one-language bot ignores it and answers no `language`", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const response = await start(bot.publicId, bot.chatKey, { language: "fr" });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty("language");
    expect(response.body.messages.map(textOf)).toEqual(["Hello !"]);
  });
});
