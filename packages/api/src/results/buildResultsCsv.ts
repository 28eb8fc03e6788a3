import {
  getCellValue,
  getResultColumns,
  type ResultsFlow,
} from "@parley/schemas/management/getResultColumns";
import type { Result } from "@parley/schemas/management/results";

/** Cells starting like a formula are prefixed so spreadsheets show them as text. */
function toCsvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Results as CSV: "Submitted at", then the results table's columns (one per input block of
 * the flow, named after the variable it saves to or its group, then one per other variable
 * that has a value). An input answered more than once (in a loop) shows its last answer.
 */
export function buildResultsCsv(flow: ResultsFlow, results: Result[]): string {
  const columns = getResultColumns(flow, results);
  const lines = [["Submitted at", ...columns.map((column) => column.header)]];
  for (const result of results) {
    lines.push([result.createdAt, ...columns.map((column) => getCellValue(column, result))]);
  }
  return `${lines.map((line) => line.map(toCsvCell).join(",")).join("\r\n")}\r\n`;
}
