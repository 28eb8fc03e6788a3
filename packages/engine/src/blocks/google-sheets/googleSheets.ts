import { type GoogleSheetsBlock, type GoogleSheetsOptions, toSpreadsheetId } from "@parley/schemas";
import type { GoogleSheetsPort, SheetReference } from "../../ports";
import { parseVariables } from "../../variables/parseVariables";
import { setVariableValue, type VariableScope } from "../../variables/VariableScope";
import { addLog, getCurrentScope, type TurnContext } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";
import { getFilterComparisons, listUnknownColumns, selectSheetRows } from "./selectSheetRows";

type Log = (status: "error" | "success", description: string, details?: string) => void;

interface SheetRun {
  port: GoogleSheetsPort;
  sheet: SheetReference;
  options: GoogleSheetsOptions;
  scope: VariableScope;
  ctx: TurnContext;
  log: Log;
}

/**
 * `Google Sheets`, as Typebot runs it: get rows matching a filter into variables, insert a row, or update
 * the rows matching a filter, through the Google Sheets port. Every failure is a log and the flow goes on.
 */
export const googleSheets: ActionExecutor<GoogleSheetsBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    // Messages may quote sheet contents or the service account: live clients do not see them, results keep them.
    const log: Log = (status, description, details) =>
      addLog(
        ctx,
        { status, description, context: block.id, ...(details ? { details } : {}) },
        { isHiddenFromLiveClient: true },
      );
    const port = ctx.ports.googleSheets;
    if (!port) {
      log("error", "Google Sheets is not configured on this server; skipped");
      return { type: "next" };
    }
    const options = block.options ?? {};
    const scope = getCurrentScope(ctx);
    const spreadsheetId = toSpreadsheetId(parseVariables(options.spreadsheetId, scope));
    const sheetId = parseVariables(options.sheetId, scope).trim();
    if (!options.credentialsId || !spreadsheetId || !sheetId || !options.action) {
      log("error", "Google Sheets block is not set up (credentials, spreadsheet, sheet and action); skipped");
      return { type: "next" };
    }
    const sheet = {
      workspaceId: ctx.state.workspaceId,
      credentialsId: options.credentialsId,
      spreadsheetId,
      sheetId,
    };
    const run: SheetRun = { port, sheet, options, scope, ctx, log };
    if (options.action === "Get data from sheet") await getRows(run);
    else if (options.action === "Insert a row") await insertRow(run);
    else await updateRows(run);
    return { type: "next" };
  },
};

async function getRows({ port, sheet, options, scope, ctx, log }: SheetRun): Promise<void> {
  const read = await port.readSheet(sheet);
  if (!read.ok) return log("error", "Could not read the sheet", read.error);
  const { table } = read;
  const matching = selectSheetRows(table, options.filter, scope);
  if (matching.length === 0) return log("error", "No row matches the filter; variables left unchanged");
  const total = options.totalRowsToExtract ?? "All";
  const picked =
    total === "All"
      ? matching
      : [
          matching[
            total === "First" ? 0 : total === "Last" ? matching.length - 1 : randomIndex(ctx, matching.length)
          ]!,
        ];
  const cells = (options.cellsToExtract ?? []).filter((cell) => cell.column?.trim() && cell.variableId);
  for (const cell of cells) {
    const column = table.header.indexOf(cell.column!.trim());
    if (column < 0) continue;
    const values = picked.map((index) => table.rows[index]![column] ?? "");
    setVariableValue(scope, cell.variableId!, total === "All" ? values : values[0]!);
  }
  const unknown = listUnknownColumns(
    table,
    cells.map((cell) => cell.column),
  );
  if (unknown.length > 0) log("error", `Not in the sheet's first row: ${unknown.join(", ")}`);
  log("success", `Got ${picked.length} ${picked.length === 1 ? "row" : "rows"} from the sheet`);
}

async function insertRow({ port, sheet, options, scope, log }: SheetRun): Promise<void> {
  const cells = toCells(options.cellsToInsert, scope);
  if (Object.keys(cells).length === 0) return log("error", "No cell to insert; nothing inserted");
  const read = await port.readSheet(sheet, { isHeaderOnly: true });
  if (!read.ok) return log("error", "Could not read the sheet", read.error);
  const unknown = listUnknownColumns(read.table, Object.keys(cells));
  if (unknown.length > 0)
    return log("error", `Not in the sheet's first row: ${unknown.join(", ")}; nothing inserted`);
  const appended = await port.appendRow(sheet, read.table, cells);
  if (!appended.ok) return log("error", "Could not insert the row", appended.error);
  log("success", "Inserted a row");
}

async function updateRows({ port, sheet, options, scope, log }: SheetRun): Promise<void> {
  // Updating every row of a sheet is never what an empty filter means.
  if (getFilterComparisons(options.filter).length === 0)
    return log("error", "Updating rows needs a filter that names a column; nothing updated");
  const cells = toCells(options.cellsToUpsert, scope);
  if (Object.keys(cells).length === 0) return log("error", "No cell to update; nothing updated");
  const read = await port.readSheet(sheet);
  if (!read.ok) return log("error", "Could not read the sheet", read.error);
  const unknown = listUnknownColumns(read.table, Object.keys(cells));
  if (unknown.length > 0)
    return log("error", `Not in the sheet's first row: ${unknown.join(", ")}; nothing updated`);
  const matching = selectSheetRows(read.table, options.filter, scope);
  if (matching.length === 0) return log("error", "No row matches the filter; nothing updated");
  const updated = await port.updateRows(
    sheet,
    read.table,
    matching.map((rowIndex) => ({ rowIndex, cells })),
  );
  if (!updated.ok) return log("error", "Could not update the rows", updated.error);
  log("success", `Updated ${matching.length} ${matching.length === 1 ? "row" : "rows"}`);
}

/** Cells by column name with their values' variables replaced; cells without a column are ignored. */
const toCells = (cells: GoogleSheetsOptions["cellsToInsert"], scope: VariableScope): Record<string, string> =>
  Object.fromEntries(
    (cells ?? [])
      .filter((cell) => cell.column?.trim())
      .map((cell) => [cell.column!.trim(), parseVariables(cell.value, scope)]),
  );

const randomIndex = (ctx: TurnContext, length: number) =>
  Math.min(length - 1, Math.floor(ctx.ports.random() * length));
