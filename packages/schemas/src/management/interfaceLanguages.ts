import { z } from "zod";
import { matchFirstLanguage, parseAcceptLanguage } from "../bot/languages/languageTags";

/**
 * The languages the builder's own screens are written in (docs/builder.md, "Interface languages"); each has a
 * complete message catalogue in apps/builder/src/i18n/messages.
 */
export const interfaceLanguages = ["en", "fr", "de", "es", "pt-BR"] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];

/** Each interface language as its speakers name it, for the account's language choice. */
export const interfaceLanguageNames: Record<InterfaceLanguage, string> = {
  en: "English",
  fr: "Français",
  de: "Deutsch",
  es: "Español",
  "pt-BR": "Português (Brasil)",
};

export const interfaceLanguageSchema = z.enum(interfaceLanguages);

const isInterfaceLanguage = (tag: string | null | undefined): tag is InterfaceLanguage =>
  (interfaceLanguages as readonly (string | null | undefined)[]).includes(tag);

/**
 * The language of the builder for a person: the one chosen in their account, else the first of their browser's
 * languages (`Accept-Language`) the builder is written in (`pt` and `pt-PT` read Brazilian Portuguese, `fr-CA`
 * French), else English.
 */
export function chooseInterfaceLanguage(
  chosen: string | null | undefined,
  acceptLanguage: string | null | undefined,
): InterfaceLanguage {
  if (isInterfaceLanguage(chosen)) return chosen;
  const match = matchFirstLanguage(parseAcceptLanguage(acceptLanguage), interfaceLanguages);
  return isInterfaceLanguage(match) ? match : "en";
}
