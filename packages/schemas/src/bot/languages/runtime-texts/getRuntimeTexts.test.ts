import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { getTextChannelMessages } from "../../blocks/getTextChannelMessages";
import type { Settings } from "../../settings";
import { en } from "./en";
import {
  getRuntimeTexts,
  runtimeTextCatalogues,
  runtimeTextLanguages,
  toRuntimeTextLanguage,
} from "./getRuntimeTexts";
import { getSystemMessage } from "./getSystemMessage";

/** The `{arguments}` a message names (the catalogues use plain arguments only). */
const readArguments = (message: string) =>
  [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe("the runtime's catalogues", () => {
  it("have English's keys and arguments in every language, and each message formats", () => {
    for (const language of runtimeTextLanguages) {
      const catalogue = runtimeTextCatalogues[language];
      expect(Object.keys(catalogue), language).toEqual(Object.keys(en));
      for (const namespace of Object.keys(en) as (keyof typeof en)[]) {
        const english: Record<string, string> = en[namespace];
        const translated: Record<string, string> = catalogue[namespace];
        expect(Object.keys(translated), `${language} ${namespace}`).toEqual(Object.keys(english));
        const t = createTranslator({
          locale: language,
          messages: { [namespace]: translated },
          namespace,
          onError: (error) => {
            throw error;
          },
        });
        for (const [key, message] of Object.entries(english)) {
          const text = translated[key] ?? "";
          expect(readArguments(text), `${language} ${namespace}.${key}`).toEqual(readArguments(message));
          const values = Object.fromEntries(readArguments(message).map((name) => [name, `<${name}>`]));
          expect(t(key as never, values as never).trim()).not.toBe("");
        }
      }
    }
  });

  it("are chosen by language, region or not (fr-CA → fr, pt → pt-BR), else English", () => {
    expect(toRuntimeTextLanguage("fr-CA")).toBe("fr");
    expect(toRuntimeTextLanguage("pt")).toBe("pt-BR");
    expect(toRuntimeTextLanguage("de-AT")).toBe("de");
    expect(toRuntimeTextLanguage("ar")).toBe("en");
    expect(toRuntimeTextLanguage(null)).toBe("en");
  });
});

describe("text channel hints in the session's language", () => {
  it("writes each kind's hint and built-in labels in French, German and English", () => {
    const number = { id: "n", type: "number input", options: { min: 1, max: 5 } } as const;
    expect(getTextChannelMessages(number, "fr")).toEqual([{ text: "Répondez avec un nombre de 1 à 5" }]);
    expect(getTextChannelMessages(number, "de-DE")).toEqual([
      { text: "Antworten Sie mit einer Zahl von 1 bis 5" },
    ]);
    expect(getTextChannelMessages(number, null)).toEqual([{ text: "Reply with a number from 1 to 5" }]);
    const file = { id: "f", type: "file input", options: { isRequired: false } } as const;
    expect(getTextChannelMessages(file, "fr")).toEqual([
      { text: "Envoyez un fichier, ou répondez « Passer » pour passer" },
    ]);
    const choice = {
      id: "c",
      type: "choice input" as const,
      items: [{ id: "i1", content: "Oui" }],
      options: { isMultipleChoice: true },
    };
    expect(getTextChannelMessages(choice, "es")[0]?.text).toBe(
      "Responde con los números de tus opciones, separados por comas (p. ej., 1, 3):",
    );
    expect(getTextChannelMessages({ id: "t", type: "text input" }, "pt-BR")).toEqual([
      { text: "Digite sua resposta…" },
    ]);
    const range = { id: "d", type: "date input", options: { isRange: true, locale: "fr" } } as const;
    expect(getTextChannelMessages(range, "fr")).toEqual([
      { text: "Répondez avec une date de début et une date de fin (dd/MM/yyyy - dd/MM/yyyy)" },
    ]);
  });
});

describe("getSystemMessage", () => {
  const settings = (systemMessages: Record<string, string>, languages?: Settings["languages"]): Settings =>
    ({ general: { systemMessages }, ...(languages ? { languages } : {}) }) as Settings;
  const bilingual = (translations: Record<string, string> = {}): Settings["languages"] => ({
    defaultLanguage: "en",
    languages: ["fr", "ar"],
    translations: {
      fr: Object.fromEntries(
        Object.entries(translations).map(([name, value]) => [
          `settings:general.systemMessages.${name}`,
          { value, status: "reviewed" as const },
        ]),
      ),
    },
  });

  it("takes the bot's translation, else its own text in its language, else the built-in text of the language", () => {
    const translated = settings({ invalidMessage: "Try again!" }, bilingual({ invalidMessage: "Encore !" }));
    expect(getSystemMessage(translated, "fr", "invalidMessage")).toBe("Encore !");
    expect(getSystemMessage(translated, "en", "invalidMessage")).toBe("Try again!");
    const untranslated = settings({ invalidMessage: "Try again!" }, bilingual());
    expect(getSystemMessage(untranslated, "fr", "invalidMessage")).toBe(
      "Message invalide. Veuillez réessayer.",
    );
    // A language the runtime has no text for: the bot's own text (its default language), else English.
    expect(getSystemMessage(untranslated, "ar", "invalidMessage")).toBe("Try again!");
    expect(getSystemMessage(settings({}, bilingual()), "ar", "invalidMessage")).toBe(
      "Invalid message. Please, try again.",
    );
  });

  it("keeps a one-language bot's own text, and writes a French bot's defaults in French", () => {
    expect(getSystemMessage(settings({ invalidMessage: "Nope" }), null, "invalidMessage")).toBe("Nope");
    expect(getSystemMessage(settings({}), null, "messagingPictureChoiceSelectLabel")).toBe("Select");
    const french = settings(
      { messagingPictureChoiceSelectLabel: "Select" },
      { defaultLanguage: "fr", languages: [] },
    );
    expect(getSystemMessage(french, null, "messagingPictureChoiceSelectLabel")).toBe("Choisir");
    expect(getRuntimeTexts("fr", "SystemMessages")("paymentFailed")).toBe(
      "Le paiement a échoué. Veuillez réessayer.",
    );
  });
});
