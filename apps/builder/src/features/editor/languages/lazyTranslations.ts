import type { LanguagesSettings, Settings } from "@parley/schemas";

/** Every translation of a bot: per language, per text key (`settings.languages.translations`). */
export type BotTranslations = NonNullable<LanguagesSettings["translations"]>;

/**
 * The document the editor opens with: `settings.languages` without the translations' texts (docs/languages.md,
 * "Performance"), which the canvas in the default language does not show. `hasOmitted` says whether there were
 * any to leave out: the editor then loads them before it shows another language or saves the settings.
 */
export function omitTranslations<Doc extends { settings: Settings }>(
  doc: Doc,
): { document: Doc; hasOmitted: boolean } {
  const languages = doc.settings.languages;
  if (!languages || languages.translations === undefined) return { document: doc, hasOmitted: false };
  const { translations: _omitted, ...rest } = languages;
  return { document: { ...doc, settings: { ...doc.settings, languages: rest } }, hasOmitted: true };
}

/** Whether a document's settings lack the translations `omitTranslations` left out. */
export function lacksTranslations(settings: Settings): boolean {
  return settings.languages !== undefined && settings.languages.translations === undefined;
}

/**
 * Puts the loaded translations back into documents opened without them: each version of the document (undo
 * history, the saved one) gets the translations of the languages it lists. Memoised by object, so versions that
 * shared their settings (or were the same document) still do, and "saved" stays "saved"; a document that holds
 * translations (reloaded from the server meanwhile) is returned as it is.
 */
export function createTranslationsCompleter(translations: BotTranslations) {
  const settingsDone = new WeakMap<Settings, Settings>();
  const docsDone = new WeakMap<object, object>();
  const completeSettings = (settings: Settings): Settings => {
    if (!lacksTranslations(settings)) return settings;
    const known = settingsDone.get(settings);
    if (known) return known;
    const languages = settings.languages!;
    const listed = new Set(languages.languages ?? []);
    const kept = Object.fromEntries(Object.entries(translations).filter(([tag]) => listed.has(tag)));
    const completed = { ...settings, languages: { ...languages, translations: kept } };
    settingsDone.set(settings, completed);
    return completed;
  };
  return <Doc extends { settings: Settings }>(doc: Doc): Doc => {
    const known = docsDone.get(doc);
    if (known) return known as Doc;
    const settings = completeSettings(doc.settings);
    const completed = settings === doc.settings ? doc : { ...doc, settings };
    docsDone.set(doc, completed);
    return completed;
  };
}
