import type { Database } from "@parley/db";
import type {
  GoogleSheetsPort,
  PortResult,
  ReadSheetResult,
  SheetReference,
  SheetTable,
} from "@parley/engine";
import { googleSheetsCredentials } from "@parley/schemas/credentials";
import { z } from "zod";
import { readWorkspaceCredentials } from "../credentials/workspaceCredentials";
import { callSheetsApi, type SheetsApiCall } from "./callSheetsApi";
import { type GoogleEndpoints, getGoogleEndpoints } from "./googleEndpoints";
import { listSpreadsheetSheets } from "./listSpreadsheetSheets";
import { quoteSheetTitle, toCellRange } from "./toA1Range";

/** A values range answer: its rows under `values` (read by toRows). */
const valueRangeSchema = z.object({ values: z.unknown().optional() });

export interface GoogleSheetsServices {
  getPrisma: () => Database;
  signal?: AbortSignal;
  /** Defaults: GOOGLE_OAUTH_TOKEN_URL and GOOGLE_SHEETS_API_URL. */
  endpoints?: Partial<GoogleEndpoints>;
}

/**
 * The Google Sheets port: the block's `googleSheets` credentials of the bot's workspace, Sheets API v4
 * (`spreadsheets.get` for the sheet's title, `values.get`, `values.append`, `values.batchUpdate`).
 */
export function createGoogleSheetsPort(services: GoogleSheetsServices): GoogleSheetsPort {
  const endpoints = getGoogleEndpoints(services.endpoints);
  const openCall = async (
    sheet: SheetReference,
  ): Promise<{ ok: true; call: SheetsApiCall } | { ok: false; error: string }> => {
    const read = await readWorkspaceCredentials(services.getPrisma(), {
      workspaceId: sheet.workspaceId,
      credentialsId: sheet.credentialsId,
      types: [googleSheetsCredentials.type],
    });
    if (!read.ok) return read;
    return { ok: true, call: { key: read.data, endpoints, signal: services.signal } };
  };
  const spreadsheetPath = (sheet: SheetReference) =>
    `/spreadsheets/${encodeURIComponent(sheet.spreadsheetId)}`;

  return {
    async readSheet(sheet, options = {}): Promise<ReadSheetResult> {
      const opened = await openCall(sheet);
      if (!opened.ok) return opened;
      const listed = await listSpreadsheetSheets(opened.call, sheet.spreadsheetId);
      if (!listed.ok) return listed;
      const title = listed.sheets.find((candidate) => candidate.id === sheet.sheetId)?.title;
      if (title === undefined)
        return { ok: false, error: `The spreadsheet has no sheet with id ${sheet.sheetId}` };
      const range = options.isHeaderOnly ? `${quoteSheetTitle(title)}!1:1` : quoteSheetTitle(title);
      const values = await callSheetsApi(opened.call, {
        method: "GET",
        path: `${spreadsheetPath(sheet)}/values/${encodeURIComponent(range)}`,
      });
      if (!values.ok) return values;
      const rows = toRows(valueRangeSchema.safeParse(values.body).data?.values);
      return {
        ok: true,
        table: { title, header: (rows[0] ?? []).map((cell) => cell.trim()), rows: rows.slice(1) },
      };
    },

    async appendRow(sheet, table, cells): Promise<PortResult> {
      const opened = await openCall(sheet);
      if (!opened.ok) return opened;
      const lastColumn = Math.max(...Object.keys(cells).map((column) => table.header.indexOf(column)));
      const row = table.header.slice(0, lastColumn + 1).map((column) => cells[column] ?? "");
      const range = encodeURIComponent(quoteSheetTitle(table.title));
      const appended = await callSheetsApi(opened.call, {
        method: "POST",
        path: `${spreadsheetPath(sheet)}/values/${range}:append?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS`,
        body: { majorDimension: "ROWS", values: [row] },
      });
      return appended.ok ? { ok: true } : appended;
    },

    async updateRows(sheet, table, updates): Promise<PortResult> {
      const opened = await openCall(sheet);
      if (!opened.ok) return opened;
      // One range per written cell, so the other cells of the row (formulas too) stay as they are.
      const data = updates.flatMap(({ rowIndex, cells }) =>
        Object.entries(cells).map(([column, value]) => ({
          range: toCellRange(table.title, table.header.indexOf(column), rowIndex + 1),
          values: [[value]],
        })),
      );
      const updated = await callSheetsApi(opened.call, {
        method: "POST",
        path: `${spreadsheetPath(sheet)}/values:batchUpdate`,
        body: { valueInputOption: "USER_ENTERED", data },
      });
      return updated.ok ? { ok: true } : updated;
    },
  };
}

/** `values` of a ValueRange as strings (Google omits trailing empty cells and rows). */
const toRows = (values: unknown): SheetTable["rows"] =>
  Array.isArray(values)
    ? values.map((row) =>
        Array.isArray(row)
          ? row.map((cell) => (cell === null || cell === undefined ? "" : String(cell)))
          : [],
      )
    : [];
