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

/** One column of a list's table: a field of the listed objects, under `title`. */
export interface ListColumn<Item> {
  key: keyof Item & string;
  title: string;
  /** The cell of an empty value (null, no item); "-" unless said. */
  none?: string;
}

/**
 * A list command's output, the same objects either way: with --json the array of `items` (dates as
 * ISO 8601), otherwise a table of the `columns` fields (padded to their widest cell), or `empty`
 * when there is none. A cell is the field's text: a date in ISO 8601, a boolean as yes/no, a list
 * joined with "," (an object item as its values joined with ":").
 */
export function writeList<Item extends object>(
  run: CommandRun,
  items: Item[],
  columns: ListColumn<Item>[],
  empty: string,
) {
  if (run.json) {
    writeJson(run, items);
    return;
  }
  if (items.length === 0) {
    writeLine(run.stdout, empty);
    return;
  }
  const cells = [
    columns.map((column) => column.title),
    ...items.map((item) => columns.map((column) => cellText(item[column.key], column.none ?? "-"))),
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

function cellText(value: unknown, none: string): string {
  if (value === null || value === undefined || value === "") return none;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {
    if (value.length === 0) return none;
    return value
      .map((item) =>
        typeof item === "object" && item !== null
          ? Object.values(item)
              .map((part) => cellText(part, none))
              .join(":")
          : cellText(item, none),
      )
      .join(",");
  }
  return String(value);
}
