import { callSheetsApi, type SheetsApiCall } from "./callSheetsApi";

export interface SpreadsheetSheet {
  /** The sheet's numeric id as a string (what blocks store in `sheetId`). */
  id: string;
  title: string;
}

export type ListSheetsResult = { ok: true; sheets: SpreadsheetSheet[] } | { ok: false; error: string };

/** The sheets (tabs) of a spreadsheet, in their order: `spreadsheets.get` with `fields=sheets.properties`. */
export async function listSpreadsheetSheets(
  call: SheetsApiCall,
  spreadsheetId: string,
): Promise<ListSheetsResult> {
  const answer = await callSheetsApi(call, {
    method: "GET",
    path: `/spreadsheets/${encodeURIComponent(spreadsheetId)}?fields=sheets.properties`,
  });
  if (!answer.ok) return answer;
  const sheets = (
    answer.body as { sheets?: { properties?: { sheetId?: unknown; title?: unknown } }[] } | null
  )?.sheets;
  return {
    ok: true,
    sheets: (Array.isArray(sheets) ? sheets : []).flatMap(({ properties }) =>
      typeof properties?.sheetId === "number" && typeof properties.title === "string"
        ? [{ id: String(properties.sheetId), title: properties.title }]
        : [],
    ),
  };
}
