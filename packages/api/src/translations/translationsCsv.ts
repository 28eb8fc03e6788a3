import { type TextStatus, toEditableText, translationStatuses } from "@parley/schemas";
import { stringify } from "csv-stringify/sync";
import Papa from "papaparse";
import type { ImportedUnit, TranslationFile, TranslationsExport } from "./translationFiles";
import { TranslationFileError } from "./translationsXliff";

const HEADER = ["key", "group", "block", "field", "source", "target", "status"] as const;

/**
 * A language's texts as CSV: one row per text (`key`, where it is, the default language's `source`, the `target`
 * translation, its `status`: missing, machineDraft or reviewed). Rich text's formatting is written as numbered
 * tags (`<1>bold</1>`) that a translation keeps; `{{variables}}` stay as written. Cells that start like a
 * spreadsheet formula are prefixed with `'` (csv-stringify's `escape_formulas`).
 */
export function writeTranslationsCsv(exported: TranslationsExport): string {
  return stringify(
    [
      [...HEADER],
      ...exported.texts.map((text) => [
        text.key,
        text.groupTitle ?? "Settings",
        text.blockType ?? "",
        text.field,
        toEditableText(text.source),
        text.target ? toEditableText(text.target.value) : "",
        text.target?.status ?? "missing",
      ]),
    ],
    { record_delimiter: "windows", escape_formulas: true },
  );
}

/** A cell written by the export with a formula's `'` prefix, as it was before. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * A CSV of translations read back: a header naming at least `key` and `target` (any order; `status` optional,
 * `machineDraft` when absent or empty). Rows whose target is empty change nothing. Throws TranslationFileError
 * naming the row of a malformed file (rows counted from 1, the header included).
 */
export function readTranslationsCsv(text: string): TranslationFile {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const error = parsed.errors[0];
  if (error) throw new TranslationFileError(`row ${(error.row ?? 0) + 1}: ${error.message}`);
  const [header, ...rows] = parsed.data;
  if (!header)
    throw new TranslationFileError("row 1: the file is empty (a header with key and target is needed)");
  const column = (name: string) =>
    header.findIndex((cell) => cell.trim().toLowerCase() === name.toLowerCase());
  const keyColumn = column("key");
  const targetColumn = column("target");
  const statusColumn = column("status");
  if (keyColumn < 0 || targetColumn < 0)
    throw new TranslationFileError("row 1: the header must name the columns key and target");
  const seen = new Set<string>();
  const units: ImportedUnit[] = rows.map((row, index) => {
    const reference = `row ${index + 2}`;
    const key = (row[keyColumn] ?? "").trim();
    if (!key) throw new TranslationFileError(`${reference}: the key is empty`);
    if (seen.has(key)) throw new TranslationFileError(`${reference}: "${key}" is listed twice`);
    seen.add(key);
    const target = unescapeFormula(row[targetColumn] ?? "");
    const statusCell = statusColumn >= 0 ? (row[statusColumn] ?? "").trim() : "";
    const status = (
      statusCell === "" || statusCell === "missing" ? "machineDraft" : statusCell
    ) as TextStatus;
    if (!(translationStatuses as readonly string[]).includes(status))
      throw new TranslationFileError(
        `${reference}: status "${statusCell}" is not one of missing, machineDraft, reviewed`,
      );
    return {
      key,
      reference: `${reference} ("${key}")`,
      content: { kind: "tagged", text: target },
      status: status as Exclude<TextStatus, "missing">,
      hasTarget: target.trim() !== "",
    };
  });
  return { sourceLanguage: null, targetLanguage: null, units };
}
