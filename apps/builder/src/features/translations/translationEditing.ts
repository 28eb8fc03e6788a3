import {
  getTextStatus,
  type LanguagesSettings,
  listTranslatableTexts,
  type Settings,
  type TextStatus,
  type TranslatableText,
  type Translation,
  writePath,
} from "@parley/schemas";

/** One row of the translations table: a text of the bot and its status in each other language. */
export interface TranslationRow extends TranslatableText {
  statuses: Record<string, TextStatus>;
}

/** Where a text is, as the table and the canvas name it: `Welcome · text input · options.labels.button`. */
export function describePlace(
  text: Pick<TranslatableText, "groupTitle" | "blockType" | "field">,
  settingsName = "Settings",
): string {
  return [text.groupTitle ?? settingsName, text.blockType, text.field].filter(Boolean).join(" · ");
}

/** The table's rows: every text of the bot with its status per language (the default one aside). */
export function listTranslationRows(flow: Parameters<typeof listTranslatableTexts>[0]): TranslationRow[] {
  const others = flow.settings.languages?.languages ?? [];
  return listTranslatableTexts(flow).map((text) => ({
    ...text,
    statuses: Object.fromEntries(
      others.map((language) => [language, getTextStatus(flow.settings, language, text.key)]),
    ),
  }));
}

/** The rows a filter keeps: those missing in `language` (any language when null), those whose words match `search`. */
export function filterTranslationRows(
  rows: readonly TranslationRow[],
  { onlyMissing, language, search }: { onlyMissing: boolean; language: string | null; search: string },
): TranslationRow[] {
  const words = search.trim().toLowerCase();
  return rows.filter((row) => {
    if (onlyMissing) {
      const statuses = language ? [row.statuses[language]] : Object.values(row.statuses);
      if (!statuses.includes("missing")) return false;
    }
    if (!words) return true;
    return (
      JSON.stringify(row.source).toLowerCase().includes(words) ||
      describePlace(row).toLowerCase().includes(words) ||
      row.key.toLowerCase().includes(words)
    );
  });
}

/** The settings with a language's translation of `key` set (null: removed, the text is missing again). */
export function setTranslation(
  settings: Settings,
  language: string,
  key: string,
  translation: Translation | null,
): Settings {
  const languages = settings.languages;
  if (!languages) return settings;
  const current = { ...languages.translations?.[language] };
  if (translation) current[key] = translation;
  else delete current[key];
  return writePath(settings, ["languages", "translations", language], current) as Settings;
}

/** The settings with a language's translation marked reviewed (nothing for a missing one). */
export function markReviewed(settings: Settings, language: string, key: string): Settings {
  const translation = settings.languages?.translations?.[language]?.[key];
  if (!translation || translation.status === "reviewed") return settings;
  return setTranslation(settings, language, key, { ...translation, status: "reviewed" });
}

/** The languages settings after adding a language (translations of a removed one go with it). */
export function withLanguages(settings: Settings, next: LanguagesSettings | undefined): Settings {
  return { ...settings, languages: next };
}

/** Removes a language and its translations. */
export function removeLanguage(languages: LanguagesSettings, language: string): LanguagesSettings {
  const { [language]: _removed, ...translations } = languages.translations ?? {};
  return {
    ...languages,
    languages: (languages.languages ?? []).filter((tag) => tag !== language),
    translations,
  };
}
