import { z } from "zod";
import { googleSheetsCredentials } from "../../../credentials/googleSheetsCredentials";
import { textSchema } from "../../../text";
import { comparisonOperatorSchema, logicalOperatorSchema } from "../../condition";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const googleSheetsActions = ["Get data from sheet", "Insert a row", "Update a row"] as const;
export const googleSheetsActionSchema = z.enum(googleSheetsActions);

export const googleSheetsTotalRowsToExtract = ["All", "First", "Last", "Random"] as const;

const cellSchema = z.object({
  id: textSchema.min(1),
  column: textSchema.optional(),
  value: textSchema.optional(),
});

export const googleSheetsFilterSchema = z
  .object({
    comparisons: z.array(
      z.object({
        id: textSchema.min(1),
        column: textSchema.optional(),
        comparisonOperator: comparisonOperatorSchema.optional(),
        value: textSchema.optional(),
      }),
    ),
    logicalOperator: logicalOperatorSchema,
  })
  .partial();

export const googleSheetsOptionsSchema = z
  .object({
    credentialsId: textSchema,
    spreadsheetId: textSchema,
    sheetId: textSchema,
    action: googleSheetsActionSchema,
    /** Get and Update: which rows. */
    filter: googleSheetsFilterSchema,
    /** Get: columns saved into variables. */
    cellsToExtract: z.array(
      z.object({ id: textSchema.min(1), column: textSchema.optional(), variableId: textSchema.optional() }),
    ),
    totalRowsToExtract: z.enum(googleSheetsTotalRowsToExtract),
    cellsToInsert: z.array(cellSchema),
    cellsToUpsert: z.array(cellSchema),
  })
  .partial();
export type GoogleSheetsOptions = z.infer<typeof googleSheetsOptionsSchema>;

export const googleSheetsBlockSchema = blockBaseSchema.extend({
  type: z.literal("Google Sheets"),
  options: googleSheetsOptionsSchema.optional(),
});
export type GoogleSheetsBlock = z.infer<typeof googleSheetsBlockSchema>;

export const defaultGoogleSheetsOptions = {
  totalRowsToExtract: "All",
} as const satisfies GoogleSheetsOptions;

/** The options each action reads besides the spreadsheet and sheet; the editor shows only those. */
const optionsOfAction: Record<GoogleSheetsAction, readonly string[]> = {
  "Get data from sheet": ["filter", "cellsToExtract", "totalRowsToExtract"],
  "Insert a row": ["cellsToInsert"],
  "Update a row": ["filter", "cellsToUpsert"],
};
const actionSpecificOptions = new Set(Object.values(optionsOfAction).flat());
export type GoogleSheetsAction = z.infer<typeof googleSheetsActionSchema>;

/**
 * The spreadsheet id in a Google Sheets address (`https://docs.google.com/spreadsheets/d/<id>/edit…`), or the
 * text itself when it is no such address (an id, or a `{{variable}}`).
 */
export const toSpreadsheetId = (text: string): string => {
  const trimmed = text.trim();
  const match = /^https?:\/\/docs\.google\.com\/spreadsheets\/(?:u\/\d+\/)?d\/([A-Za-z0-9_-]+)/.exec(trimmed);
  return match ? match[1]! : trimmed;
};

export const googleSheetsBlock = defineBlock({
  type: "Google Sheets",
  schema: googleSheetsBlockSchema,
  category: "integration",
  credentials: googleSheetsCredentials,
  defaults: defaultGoogleSheetsOptions,
  catalogue: { label: "Sheets", icon: "Sheet", keywords: "google spreadsheet" },
  getSummary: (block, context) =>
    block.options?.action ? context.optionValue("action", block.options.action) : null,
  settings: {
    fieldLabels: {
      spreadsheetId: "Spreadsheet",
      sheetId: "Sheet",
      filter: "Rows matching",
      cellsToExtract: "Cells to save in variables",
      totalRowsToExtract: "Rows to extract",
      cellsToInsert: "Cells to insert",
      cellsToUpsert: "Cells to update",
    },
    isFieldVisible: (key, options) => {
      if (key === "action")
        return typeof options.spreadsheetId === "string" && typeof options.sheetId === "string";
      const root = key.split(".")[0]!;
      if (!actionSpecificOptions.has(root)) return undefined;
      const action = googleSheetsActionSchema.safeParse(options.action);
      return action.success && optionsOfAction[action.data].includes(root);
    },
  },
});
