import { createTranslator } from "use-intl/core";
import { matchLanguage } from "../languageTags";
import { de } from "./de";
import { en, type RuntimeTexts } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { ptBR } from "./ptBR";

/** The languages the runtime writes its own texts in (the builder's); any other language reads English. */
export const runtimeTextLanguages = ["en", "fr", "de", "es", "pt-BR"] as const;
export type RuntimeTextLanguage = (typeof runtimeTextLanguages)[number];

/** The catalogues by language, each with exactly English's keys (a missing one is a type error). */
export const runtimeTextCatalogues: Record<RuntimeTextLanguage, RuntimeTexts> = {
  en,
  fr,
  de,
  es,
  "pt-BR": ptBR,
};

type RuntimeTextNamespace = keyof typeof en;
/** The texts of one namespace in one language, as `t("key", { argument })` formats them (ICU, use-intl). */
export type RuntimeTranslator<N extends RuntimeTextNamespace> = ReturnType<
  typeof createTranslator<typeof en, N>
>;
/** What a kind's text-channel rendering writes its hints with. */
export type TextChannelTexts = RuntimeTranslator<"TextChannel">;

/** The catalogue language a session's language reads: the same tag, else its language (`fr-CA` → fr); else English. */
export function toRuntimeTextLanguage(language: string | null | undefined): RuntimeTextLanguage {
  const match = language ? matchLanguage(language, runtimeTextLanguages) : null;
  return (match as RuntimeTextLanguage | null) ?? "en";
}

const translators = new Map<string, RuntimeTranslator<RuntimeTextNamespace>>();

/** A namespace's texts in a language (English for a language without a catalogue); one translator per pair. */
export function getRuntimeTexts<N extends RuntimeTextNamespace>(
  language: string | null | undefined,
  namespace: N,
): RuntimeTranslator<N> {
  const catalogue = toRuntimeTextLanguage(language);
  const key = `${catalogue}:${namespace}`;
  let translator = translators.get(key);
  if (!translator) {
    translator = createTranslator({
      locale: catalogue,
      // Every catalogue has English's keys; English's type gives the messages their arguments.
      messages: runtimeTextCatalogues[catalogue] as typeof en,
      namespace,
    }) as RuntimeTranslator<RuntimeTextNamespace>;
    translators.set(key, translator);
  }
  return translator as RuntimeTranslator<N>;
}
