import { z } from "zod";
import { comparisonOperatorSchema, logicalOperatorSchema } from "../../condition";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const googleSheetsActions = ["Get data from sheet", "Insert a row", "Update a row"] as const;
export const googleSheetsActionSchema = z.enum(googleSheetsActions);

export const googleSheetsTotalRowsToExtract = ["All", "First", "Last", "Random"] as const;

const cellSchema = z.object({
  id: z.string().min(1),
  column: z.string().optional(),
  value: z.string().optional(),
});

export const googleSheetsFilterSchema = z
  .object({
    comparisons: z.array(
      z.object({
        id: z.string().min(1),
        column: z.string().optional(),
        comparisonOperator: comparisonOperatorSchema.optional(),
        value: z.string().optional(),
      }),
    ),
    logicalOperator: logicalOperatorSchema,
  })
  .partial();

export const googleSheetsOptionsSchema = z
  .object({
    credentialsId: z.string(),
    spreadsheetId: z.string(),
    sheetId: z.string(),
    action: googleSheetsActionSchema,
    /** Get and Update: which rows. */
    filter: googleSheetsFilterSchema,
    /** Get: columns saved into variables. */
    cellsToExtract: z.array(
      z.object({ id: z.string().min(1), column: z.string().optional(), variableId: z.string().optional() }),
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

export const googleSheetsBlock = defineBlock({
  type: "Google Sheets",
  schema: googleSheetsBlockSchema,
  category: "integration",
  defaults: defaultGoogleSheetsOptions,
  catalogue: { label: "Sheets", icon: "Sheet", keywords: "google spreadsheet" },
  getSummary: (block) => block.options?.action ?? null,
});
