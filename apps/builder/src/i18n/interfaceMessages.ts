import type { InterfaceLanguage } from "@parley/schemas/management/interfaceLanguages";
import de from "./messages/de.json";
import en from "./messages/en.json";
import es from "./messages/es.json";
import fr from "./messages/fr.json";
import ptBR from "./messages/pt-BR.json";

/** English's catalogue is the reference: every other one has its keys (a missing one is a type error, and a test's). */
export type InterfaceMessages = typeof en;

/** The builder's message catalogues (ICU message syntax), by interface language. */
export const interfaceMessages: Record<InterfaceLanguage, InterfaceMessages> = {
  en,
  fr,
  de,
  es,
  "pt-BR": ptBR,
};
