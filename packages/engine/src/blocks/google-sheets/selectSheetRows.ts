import type { GoogleSheetsOptions } from "@parley/schemas";
import { compareValues } from "../../conditions/compareValues";
import type { SheetTable } from "../../ports";
import { parseVariables } from "../../variables/parseVariables";
import type { VariableScope } from "../../variables/VariableScope";

type SheetFilter = NonNullable<GoogleSheetsOptions["filter"]>;
type SheetComparison = NonNullable<SheetFilter["comparisons"]>[number];

/** The comparisons that name a column (a row without one is still being written in the editor). */
export const getFilterComparisons = (filter: SheetFilter | undefined): SheetComparison[] =>
  (filter?.comparisons ?? []).filter((comparison) => !!comparison.column?.trim());

/**
 * Indexes (in `table.rows`) of the rows the filter keeps: each comparison reads the cell of its column
 * (empty when the row is shorter) against its value with variables; AND (default) or OR. No comparison
 * keeps every row.
 */
export const selectSheetRows = (
  table: SheetTable,
  filter: SheetFilter | undefined,
  scope: VariableScope,
): number[] => {
  const comparisons = getFilterComparisons(filter).map((comparison) => ({
    column: table.header.indexOf(comparison.column!.trim()),
    operator: comparison.comparisonOperator ?? "Equal to",
    value: parseVariables(comparison.value, scope),
  }));
  const indexes = table.rows.map((_, index) => index);
  if (comparisons.length === 0) return indexes;
  const matches = (row: string[]) => (comparison: (typeof comparisons)[number]) =>
    compareValues(
      comparison.column < 0 ? null : (row[comparison.column] ?? ""),
      comparison.operator,
      comparison.value,
    );
  return indexes.filter((index) => {
    const row = table.rows[index]!;
    return filter?.logicalOperator === "OR"
      ? comparisons.some(matches(row))
      : comparisons.every(matches(row));
  });
};

/** Columns named by the block that are not in the sheet's first row. */
export const listUnknownColumns = (table: SheetTable, columns: (string | undefined)[]): string[] => [
  ...new Set(
    columns
      .map((column) => column?.trim() ?? "")
      .filter((column) => column !== "" && !table.header.includes(column)),
  ),
];
