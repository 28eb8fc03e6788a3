import type { InterfaceLanguage } from "@parley/schemas/management/interfaceLanguages";
import type { createTranslator, NamespaceKeys, NestedKeyOf } from "use-intl/core";
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

/** A namespace of the catalogues (`"Auth"`, `"Dashboard"`). */
export type InterfaceNamespace = NamespaceKeys<InterfaceMessages, NestedKeyOf<InterfaceMessages>>;

/**
 * The messages of one namespace, as `useTranslations(namespace)` and `getInterfaceTranslator(namespace)` return
 * them: the type of a helper's translator parameter (`t: InterfaceTranslator<"SignInError">`), which the
 * catalogue test reads as one of the code's translators.
 */
export type InterfaceTranslator<Namespace extends InterfaceNamespace> = ReturnType<
  typeof createTranslator<InterfaceMessages, Namespace>
>;
