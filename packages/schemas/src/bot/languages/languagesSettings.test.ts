import { describe, expect, it } from "vitest";
import typebotV61 from "../migrate/fixtures/typebot-v6.1.json" with { type: "json" };
import { importBot } from "../migrate/importBot";
import { settingsSchema } from "../settings";
import { languagesSettingsSchema } from "./languagesSettings";
import { isRightToLeftLanguage, matchLanguage, parseAcceptLanguage } from "./languageTags";

const reviewed = (value: unknown) => ({ value, status: "reviewed" });

describe("settings.languages", () => {
  it("takes a default language, the others and translations of texts by key", () => {
    const parsed = settingsSchema.parse({
      languages: {
        defaultLanguage: "en",
        languages: ["fr-CA", "ar"],
        variableId: "v-lang",
        detection: ["browser", "embed"],
        translations: {
          "fr-CA": {
            "block:b1:content.richText": reviewed([
              { type: "p", children: [{ text: "Bonjour", bold: true }] },
            ]),
            "item:b2:i1:content": { value: "Oui", status: "machineDraft" },
            "path:b3:c1:p1:text": reviewed("Choisir"),
            "settings:general.systemMessages.invalidMessage": reviewed("Invalide"),
          },
        },
      },
    });
    expect(parsed.languages?.languages).toEqual(["fr-CA", "ar"]);
  });

  it("refuses bad tags, non-canonical ones (naming the canonical form), repeats and foreign translations, at their paths", () => {
    const result = languagesSettingsSchema.safeParse({
      defaultLanguage: "en_US",
      languages: ["fr-ca", "en", "ar", "ar"],
      detection: ["browser", "browser"],
      translations: { ar: { "settings:metadata.title": { value: "x", status: "done" } } },
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([
        ["defaultLanguage", "Not a BCP 47 language tag (e.g. en, fr-CA)"],
        ["languages.0", "Write the tag as fr-CA"],
        ["translations.ar.settings:metadata.title.status", expect.any(String)],
      ]),
    );
    const repeats = languagesSettingsSchema.safeParse({
      defaultLanguage: "en",
      languages: ["en", "ar", "ar"],
      detection: ["browser", "browser"],
      translations: { de: {}, ar: { "block:b1": reviewed("x"), "item:b2:i1:content": reviewed("y") } },
    });
    expect(repeats.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["languages.0", "Listed twice (the default language is not among the others)"],
      ["languages.2", "Listed twice (the default language is not among the others)"],
      ["translations.de", "A translation for a language the bot does not list"],
      ["translations.ar.block:b1", "Not a text key (block:…, item:…, path:… or settings:…)"],
      ["detection", "A source is listed twice"],
    ]);
  });

  it("a Typebot import keeps working: its texts are the default language's, the bot has one language", () => {
    const result = importBot(typebotV61);
    expect(result.success).toBe(true);
    if (result.success) expect(result.bot.settings.languages).toBeUndefined();
  });
});

describe("language tags", () => {
  it("matches exactly, then by language subtag", () => {
    expect(matchLanguage("FR-ca", ["en", "fr-CA", "fr"])).toBe("fr-CA");
    expect(matchLanguage("fr-CH", ["en", "fr"])).toBe("fr");
    expect(matchLanguage("pt", ["en", "pt-BR"])).toBe("pt-BR");
    expect(matchLanguage("de", ["en", "fr"])).toBeNull();
    expect(matchLanguage("not a tag", ["en"])).toBeNull();
  });

  it("reads Accept-Language by weight, leaving out *, q=0 and malformed entries", () => {
    expect(parseAcceptLanguage("de;q=0.5, fr-CH, en;q=0.8, *;q=0.1, xx_YY, it;q=0")).toEqual([
      "fr-CH",
      "en",
      "de",
    ]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });

  it("knows the right-to-left languages", () => {
    for (const tag of ["ar", "ar-EG", "he", "fa-IR", "ur"]) expect(isRightToLeftLanguage(tag)).toBe(true);
    for (const tag of ["en", "fr", "ja", "ku"]) expect(isRightToLeftLanguage(tag)).toBe(false);
  });
});
