import type { JsonPath } from "../indexFlow";

/** A JSON object of a not-yet-validated document. */
export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The objects of an array field (anything else yields none). */
export function getRecords(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** Something the migration or import changed or could not keep, with where it was. */
export type ImportWarning = { message: string; path: JsonPath };
export type WarningSink = (warning: ImportWarning) => void;
