import { type BlockTextKey, blockEditorTexts } from "@parley/schemas";
import type { InterfaceLanguage } from "@parley/schemas/management/interfaceLanguages";
import type { createTranslator, NamespaceKeys, NestedKeyOf } from "use-intl/core";
import { buildBlockFieldLabelsEnglish, buildCredentialsFormsEnglish } from "./definitionTexts";
import de from "./messages/de.json";
import englishMessages from "./messages/en.json";
import es from "./messages/es.json";
import fr from "./messages/fr.json";
import ptBR from "./messages/pt-BR.json";
import { buildOptionValuesEnglish } from "./optionValues";

/**
 * English's catalogue is the reference: every other one has its keys (a missing one is a type error, and a
 * test's). Besides messages/en.json, English holds the texts block and credentials definitions write, in the
 * English the definitions give: `BlockEditorTexts` (summaries and panel texts, `@parley/schemas`'
 * `blockEditorTexts`), and, keyed at run time from the definitions, `BlockFieldLabels` and `CredentialsForms`
 * (definitionTexts.ts) and `OptionValues` (optionValues.ts); the other languages translate them in their JSON
 * catalogues (the catalogue test checks the run-time keyed ones, which the type leaves out).
 */
export type InterfaceMessages = typeof englishMessages & { BlockEditorTexts: Record<BlockTextKey, string> };

const en = {
  ...englishMessages,
  BlockEditorTexts: blockEditorTexts,
  BlockFieldLabels: buildBlockFieldLabelsEnglish(),
  CredentialsForms: buildCredentialsFormsEnglish(),
  OptionValues: buildOptionValuesEnglish(),
};

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
