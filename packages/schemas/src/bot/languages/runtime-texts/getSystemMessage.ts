import type { Settings } from "../../settings";
import { defaultSystemMessages } from "../../settingsDefaults";
import { matchLanguage } from "../languageTags";
import type { en } from "./en";
import { getRuntimeTexts, runtimeTextLanguages } from "./getRuntimeTexts";

/** A kind's own retry message (the payment's), where a bot has no system message for it. */
export type RuntimeRetryMessage = Exclude<keyof typeof en.SystemMessages, keyof typeof defaultSystemMessages>;

/** The system messages the runtime has a built-in text for in every catalogue language. */
export type RuntimeSystemMessage = keyof typeof en.SystemMessages & keyof typeof defaultSystemMessages;

/**
 * A system message in the session's language (docs/languages.md, "Texts the runtime writes"): the bot's
 * translation of it for that language; else the bot's own text when the session speaks the language the bot
 * writes in (or the bot has one language); else the built-in text in the session's language when the runtime has
 * it; else the bot's own text, else English. `settings` may be the translated view or the stored ones; a bot's own
 * text equal to the English default counts as unset. `language` null: the bot's default language.
 */
export function getSystemMessage(
  settings: Settings,
  language: string | null | undefined,
  name: RuntimeSystemMessage,
): string {
  const languages = settings.languages;
  const sessionLanguage = language ?? languages?.defaultLanguage ?? null;
  const translation = sessionLanguage
    ? languages?.translations?.[sessionLanguage]?.[`settings:general.systemMessages.${name}`]?.value
    : undefined;
  if (typeof translation === "string" && translation.trim()) return translation;
  const stored = settings.general?.systemMessages?.[name]?.trim();
  const own = stored && stored !== defaultSystemMessages[name] ? stored : undefined;
  const isBotLanguage = !languages || !sessionLanguage || sessionLanguage === languages.defaultLanguage;
  if (own && isBotLanguage) return own;
  const catalogue = sessionLanguage ? matchLanguage(sessionLanguage, runtimeTextLanguages) : "en";
  if (catalogue) return getRuntimeTexts(catalogue, "SystemMessages")(name);
  return own ?? defaultSystemMessages[name];
}
