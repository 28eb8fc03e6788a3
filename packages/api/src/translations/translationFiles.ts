import type { TranslatableText, TranslatedContent, Translation, TranslationStatus } from "@parley/schemas";

/** One text of an export: where it is, the default language's text and the language's translation (if any). */
export interface ExportedText extends TranslatableText {
  target: Translation | null;
}

/** A language's texts, as both file formats write them. */
export interface TranslationsExport {
  botId: string;
  botName: string;
  sourceLanguage: string;
  targetLanguage: string;
  texts: ExportedText[];
}

/** One translation read from a file, before it is checked against the bot. */
export interface ImportedUnit {
  key: string;
  /** How an error names it: `unit "…" (line 12)`, `row 4`. */
  reference: string;
  /** XLIFF's target with its own codes; a CSV's text, whose `<1>` tags name the current source's codes. */
  content: TranslatedContent;
  status: TranslationStatus;
  /** False when the file gives no translation (an empty target): the text is left as it is. */
  hasTarget: boolean;
}

/** A file read back. */
export interface TranslationFile {
  sourceLanguage: string | null;
  targetLanguage: string | null;
  units: ImportedUnit[];
}

export const translationFormats = ["xliff", "csv"] as const;
export type TranslationFormat = (typeof translationFormats)[number];
