import { z } from "zod";
import { callSheetsApi, type SheetsApiCall } from "./callSheetsApi";

/** A spreadsheet's sheets; a sheet without a numeric id and a title is left out. */
const spreadsheetSchema = z.object({
  sheets: z
    .array(
      z.object({
        properties: z.object({ sheetId: z.number(), title: z.string() }).optional().catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
});

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
  const sheets = spreadsheetSchema.safeParse(answer.body).data?.sheets ?? [];
  return {
    ok: true,
    sheets: sheets.flatMap(({ properties }) =>
      properties ? [{ id: String(properties.sheetId), title: properties.title }] : [],
    ),
  };
}
