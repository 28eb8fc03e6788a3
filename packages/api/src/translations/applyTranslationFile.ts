import {
  type ErrorIssue,
  type Group,
  listTranslatableTexts,
  type Settings,
  type Translation,
  toTranslationValue,
} from "@parley/schemas";
import type { TranslationFile } from "./translationFiles";

/** What an import did: texts changed, texts already as the file says, and keys that name no text of the bot. */
export interface TranslationImportReport {
  updated: number;
  unchanged: number;
  unknownPlaces: string[];
}

/** At most this many issues are listed when a file is refused. */
const MAX_ISSUES = 50;

/**
 * A file's translations of `language` merged into the bot's: each unit whose key is a text of the flow and that
 * gives a target replaces that text's translation (value and status). Every unit is checked first; any bad one
 * refuses the whole file (issues naming its unit or row), so an import is all or nothing.
 */
export function applyTranslationFile(
  flow: { groups: readonly Group[]; settings: Settings },
  language: string,
  file: TranslationFile,
): { translations: Record<string, Translation>; report: TranslationImportReport; issues: ErrorIssue[] } {
  const texts = new Map(listTranslatableTexts(flow).map((text) => [text.key, text]));
  const current = flow.settings.languages?.translations?.[language] ?? {};
  const translations: Record<string, Translation> = { ...current };
  const report: TranslationImportReport = { updated: 0, unchanged: 0, unknownPlaces: [] };
  const issues: ErrorIssue[] = [];
  for (const unit of file.units) {
    const text = texts.get(unit.key);
    if (!text) {
      report.unknownPlaces.push(unit.key);
      continue;
    }
    if (!unit.hasTarget) {
      report.unchanged++;
      continue;
    }
    const converted = toTranslationValue(unit.content, text.source, text.isRichText);
    if (!converted.ok) {
      if (issues.length < MAX_ISSUES)
        issues.push({ message: `${unit.reference}: ${converted.reason}`, code: "INVALID_TRANSLATION" });
      continue;
    }
    const next: Translation = { value: converted.value, status: unit.status };
    const before = current[unit.key];
    if (before && before.status === next.status && stableJson(before.value) === stableJson(next.value)) {
      report.unchanged++;
      continue;
    }
    translations[unit.key] = next;
    report.updated++;
  }
  return { translations, report, issues };
}

/** JSON with object keys sorted: the stored document (jsonb) does not keep the order keys were written in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
