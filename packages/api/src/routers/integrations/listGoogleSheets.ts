import { readWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { getGoogleEndpoints } from "@parley/integrations/google-sheets/googleEndpoints";
import { listSpreadsheetSheets } from "@parley/integrations/google-sheets/listSpreadsheetSheets";
import { AppError } from "@parley/platform/errors";
import { toSpreadsheetId } from "@parley/schemas";
import { googleSheetsCredentials } from "@parley/schemas/credentials";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";

/**
 * The sheets (tabs) of a spreadsheet, for the sheet dropdown of Google Sheets blocks (builder only, no
 * REST path): `spreadsheets.get` as the chosen credentials' service account. `spreadsheet` is an id or a
 * docs.google.com address.
 */
export const listGoogleSheets = workspaceProcedure("write")
  .input(
    z.object({
      credentialsId: idSchema,
      spreadsheet: textSchema.trim().min(1).max(2048),
    }),
  )
  .output(
    z.object({ spreadsheetId: textSchema, sheets: z.array(z.object({ id: textSchema, title: textSchema })) }),
  )
  .query(async ({ ctx, input }) => {
    const spreadsheetId = toSpreadsheetId(input.spreadsheet);
    if (!/^[A-Za-z0-9_-]+$/.test(spreadsheetId))
      throw new AppError("BAD_REQUEST", [
        {
          message: "Not a spreadsheet address or id",
          path: ["spreadsheet"],
          code: "INVALID_SPREADSHEET",
        },
      ]);
    const credentials = await readWorkspaceCredentials(ctx.prisma, {
      workspaceId: ctx.access.workspaceId,
      credentialsId: input.credentialsId,
      types: [googleSheetsCredentials.type],
    });
    if (!credentials.ok)
      throw new AppError("BAD_REQUEST", [{ message: credentials.error, code: "CREDENTIALS_UNUSABLE" }]);
    const listed = await listSpreadsheetSheets(
      { key: credentials.data, endpoints: getGoogleEndpoints() },
      spreadsheetId,
    );
    if (!listed.ok)
      throw new AppError("BAD_REQUEST", [{ message: listed.error, code: "GOOGLE_SHEETS_ERROR" }]);
    return { spreadsheetId, sheets: listed.sheets };
  });
