import { z } from "zod";
import { textSchema } from "../../text";
import { richTextSchema } from "../richText";
import { canonicalLanguageTag } from "./languageTags";

/** A BCP 47 language tag in its canonical form (`en`, `fr-CA`, `zh-Hant-TW`). */
export const languageTagSchema = textSchema.max(64).check((ctx) => {
  const canonical = canonicalLanguageTag(ctx.value);
  if (canonical === null)
    ctx.issues.push({
      code: "custom",
      message: "Not a BCP 47 language tag (e.g. en, fr-CA)",
      input: ctx.value,
    });
  else if (canonical !== ctx.value)
    ctx.issues.push({ code: "custom", message: `Write the tag as ${canonical}`, input: ctx.value });
});

/**
 * Where the visitor's language may come from, in the order a bot tries them by default (docs/languages.md,
 * "Choosing the visitor's language").
 */
export const languageDetectionSources = ["variable", "embed", "browser", "telegram", "whatsapp"] as const;
export type LanguageDetectionSource = (typeof languageDetectionSources)[number];

/** A translation's state: a machine's draft until a person marks it reviewed (no entry: missing). */
export const translationStatuses = ["machineDraft", "reviewed"] as const;
export type TranslationStatus = (typeof translationStatuses)[number];

/**
 * Where a translated text is: `block:<blockId>:<path>`, `item:<blockId>:<itemId>:<path>`,
 * `path:<blockId>:<itemId>:<pathId>:<path>` (a card's button) or `settings:<path>`; `<path>` is dotted.
 */
export const translationKeyPattern =
  /^(?:block:[^:\s]+|item:[^:\s]+:[^:\s]+|path:[^:\s]+:[^:\s]+:[^:\s]+|settings):[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

export const translationSchema = z
  .object({
    /** A string, or the whole rich text (Slate nodes) of a rich-text field. */
    value: z.union([textSchema.max(100_000), richTextSchema]),
    status: z.enum(translationStatuses),
  })
  .meta({ id: "Translation" });
export type Translation = z.infer<typeof translationSchema>;

/** A text key; its form is checked with the whole (a record's own key issue would not say why). */
const translationKeySchema = textSchema.max(512);

/** The languages of a bot (docs/languages.md): absent, the bot speaks one language. */
export const languagesSettingsSchema = z
  .object({
    defaultLanguage: languageTagSchema,
    /** The other languages, without the default one. */
    languages: z.array(languageTagSchema).max(100).optional(),
    /** The "Language" variable: set to the visitor's language at the start; setting it switches the language. */
    variableId: textSchema.nullable().optional(),
    /** The sources of the visitor's language, most trusted first; a source left out is not used. */
    detection: z.array(z.enum(languageDetectionSources)).max(languageDetectionSources.length).optional(),
    /**
     * Publishing is refused while a text of a language is missing or a machine draft (docs/languages.md,
     * "Reviewed before publishing").
     */
    publishOnlyReviewed: z.boolean().optional(),
    /** Per language (one of `languages`), per text key. */
    translations: z.record(languageTagSchema, z.record(translationKeySchema, translationSchema)).optional(),
  })
  .check((ctx) => {
    const { defaultLanguage, languages = [], translations = {}, detection } = ctx.value;
    const seen = new Set<string>();
    languages.forEach((tag, index) => {
      if (tag.toLowerCase() === defaultLanguage.toLowerCase() || seen.has(tag.toLowerCase()))
        ctx.issues.push({
          code: "custom",
          message: "Listed twice (the default language is not among the others)",
          path: ["languages", index],
          input: tag,
        });
      seen.add(tag.toLowerCase());
    });
    for (const [tag, texts] of Object.entries(translations)) {
      if (!seen.has(tag.toLowerCase()))
        ctx.issues.push({
          code: "custom",
          message: "A translation for a language the bot does not list",
          path: ["translations", tag],
          input: tag,
        });
      for (const key of Object.keys(texts))
        if (!translationKeyPattern.test(key))
          ctx.issues.push({
            code: "custom",
            message: "Not a text key (block:…, item:…, path:… or settings:…)",
            path: ["translations", tag, key],
            input: key,
          });
    }
    if (detection && new Set(detection).size !== detection.length)
      ctx.issues.push({
        code: "custom",
        message: "A source is listed twice",
        path: ["detection"],
        input: detection,
      });
  })
  .meta({ id: "LanguagesSettings" });
export type LanguagesSettings = z.infer<typeof languagesSettingsSchema>;
