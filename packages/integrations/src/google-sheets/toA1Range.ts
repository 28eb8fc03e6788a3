/** A sheet's title as A1 notation writes it (`'Q1 ''24'`), so titles with spaces or quotes work. */
export const quoteSheetTitle = (title: string) => `'${title.replaceAll("'", "''")}'`;

/** `0 → A`, `25 → Z`, `26 → AA`. */
export const toColumnLetters = (index: number): string => {
  let letters = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
};

/** One cell: `'Title'!C5` (column and row indexes from 0). */
export const toCellRange = (title: string, columnIndex: number, rowIndex: number) =>
  `${quoteSheetTitle(title)}!${toColumnLetters(columnIndex)}${rowIndex + 1}`;
