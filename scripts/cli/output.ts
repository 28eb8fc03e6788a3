import { type CommandRun, writeLine } from "./cliContext";

/** A value on standard output as one JSON document (--json), dates as ISO 8601. */
export function writeJson(run: CommandRun, value: unknown) {
  writeLine(run.stdout, JSON.stringify(value, null, 2));
}

/**
 * What a command prints: with --json, `value` as JSON; otherwise the human line(s) of `text`.
 * Either way the result goes to standard output and nothing else does.
 */
export function writeResult(run: CommandRun, value: unknown, text: string) {
  if (run.json) writeJson(run, value);
  else writeLine(run.stdout, text);
}

export interface TableColumn<Row> {
  title: string;
  cell: (row: Row) => string;
}

/**
 * Rows as a table (columns padded to their widest cell, `empty` when there is none), or with --json
 * as the array of `toJson(row)`.
 */
export function writeTable<Row>(
  run: CommandRun,
  rows: Row[],
  columns: TableColumn<Row>[],
  options: { empty: string; toJson: (row: Row) => unknown },
) {
  if (run.json) {
    writeJson(run, rows.map(options.toJson));
    return;
  }
  if (rows.length === 0) {
    writeLine(run.stdout, options.empty);
    return;
  }
  const cells = [
    columns.map((column) => column.title),
    ...rows.map((row) => columns.map((c) => c.cell(row))),
  ];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index]!.length)));
  for (const line of cells) {
    writeLine(
      run.stdout,
      line
        .map((cell, index) => cell.padEnd(widths[index]!))
        .join("  ")
        .trimEnd(),
    );
  }
}

export const isoOrNever = (date: Date | null) => date?.toISOString() ?? "never";
