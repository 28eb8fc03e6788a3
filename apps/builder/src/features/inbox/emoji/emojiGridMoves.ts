/**
 * The picker's rows: indexes into the flat list of shown emoji, `columns` to a row, each group starting a row of
 * its own (as the groups are drawn, one grid under each heading).
 */
export function layOutRows(groupSizes: number[], columns: number): number[][] {
  const rows: number[][] = [];
  let first = 0;
  for (const size of groupSizes) {
    for (let start = 0; start < size; start += columns)
      rows.push(
        Array.from({ length: Math.min(columns, size - start) }, (_, offset) => first + start + offset),
      );
    first += size;
  }
  return rows;
}

/** How many rows Page Up and Page Down move: about what the picker shows at once. */
const PAGE_ROWS = 5;

/** A key the grid handles, with Ctrl (or ⌘) held or not. */
type GridKey = { key: string; ctrlKey: boolean };

/**
 * Where a key moves from the emoji at `index`: the arrows go to the neighbour (left and right run on across rows,
 * up and down keep the column, or the nearest one in a shorter row), Page Up/Down by five rows, Home/End to the
 * row's ends, Ctrl+Home/End to the first and last emoji; "search" for Up from the first row; `null` for a key the grid does not handle.
 */
export function moveInGrid(
  rows: number[][],
  index: number,
  { key, ctrlKey }: GridKey,
): number | "search" | null {
  const rowIndex = rows.findIndex((row) => row.includes(index));
  const row = rows[rowIndex];
  const last = rows.at(-1)?.at(-1);
  if (!row || last === undefined) return null;
  const column = row.indexOf(index);
  const sameColumn = (target: number[] | undefined) =>
    target ? (target[Math.min(column, target.length - 1)] ?? index) : index;
  switch (key) {
    case "ArrowRight":
      return Math.min(index + 1, last);
    case "ArrowLeft":
      return Math.max(index - 1, 0);
    case "ArrowDown":
      return sameColumn(rows[rowIndex + 1]);
    case "ArrowUp":
      return rowIndex === 0 ? "search" : sameColumn(rows[rowIndex - 1]);
    case "PageDown":
      return sameColumn(rows[Math.min(rowIndex + PAGE_ROWS, rows.length - 1)]);
    case "PageUp":
      return sameColumn(rows[Math.max(rowIndex - PAGE_ROWS, 0)]);
    case "Home":
      return ctrlKey ? 0 : (row[0] ?? index);
    case "End":
      return ctrlKey ? last : (row.at(-1) ?? index);
    default:
      return null;
  }
}
