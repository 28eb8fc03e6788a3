import { z } from "zod";
import { nocoDbCredentials } from "../../../credentials/nocoDbCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getPluginFieldVisibility, pluginPropertySchema } from "./pluginOptions";

/** The actions of Typebot's `nocodb` plug-in, on NocoDB's v2 records API. */
export const nocoDbActions = ["Search Records", "Create Record", "Update Existing Record"] as const;
export const nocoDbActionSchema = z.enum(nocoDbActions);
export type NocoDbAction = z.infer<typeof nocoDbActionSchema>;

/** The comparisons of a NocoDB filter, as Typebot's plug-in names them. */
export const nocoDbFilterOperators = [
  "Equal to",
  "Not equal",
  "Contains",
  "Greater than",
  "Less than",
  "Is set",
  "Is empty",
  "Starts with",
  "Ends with",
] as const;

export const nocoDbFilterSchema = z
  .object({
    comparisons: z.array(
      z
        .object({
          id: textSchema,
          /** The field's name. */
          input: textSchema,
          operator: z.enum(nocoDbFilterOperators),
          value: textSchema,
        })
        .partial(),
    ),
    joiner: z.enum(["AND", "OR"]),
  })
  .partial();
export type NocoDbFilter = z.infer<typeof nocoDbFilterSchema>;

export const nocoDbReturnTypes = ["All", "First", "Last", "Random"] as const;

export const nocoDbOptionsSchema = z
  .object({
    credentialsId: textSchema,
    action: nocoDbActionSchema,
    /** The table's id (`m…`), from the table's menu in NocoDB. */
    tableId: textSchema,
    /** Search and Update: only the records this view shows. */
    viewId: textSchema,
    /** Search and Update: which records (every comparison, joined by `joiner`). */
    filter: nocoDbFilterSchema,
    /** Search: the records whose fields are saved (a list variable when several). */
    returnType: z.enum(nocoDbReturnTypes),
    /** Search: field → variable. */
    responseMapping: z.array(
      z.object({ id: textSchema, fieldName: textSchema, variableId: textSchema }).partial(),
    ),
    /** Create: the new record's fields. */
    fields: z.array(pluginPropertySchema),
    /** Update: the fields written on every matching record. */
    updates: z.array(z.object({ id: textSchema, fieldName: textSchema, value: textSchema }).partial()),
  })
  .partial();
export type NocoDbOptions = z.infer<typeof nocoDbOptionsSchema>;

export const nocoDbBlockSchema = blockBaseSchema.extend({
  type: z.literal("nocodb"),
  options: nocoDbOptionsSchema.optional(),
});
export type NocoDbBlock = z.infer<typeof nocoDbBlockSchema>;

export const defaultNocoDbOptions = {
  action: "Search Records",
  returnType: "All",
} as const satisfies NocoDbOptions;

const nocoDbFieldsByAction: Record<NocoDbAction, readonly string[]> = {
  "Search Records": ["tableId", "viewId", "filter", "returnType", "responseMapping"],
  "Create Record": ["tableId", "fields"],
  "Update Existing Record": ["tableId", "viewId", "filter", "updates"],
};

export const nocoDbBlock = defineBlock({
  type: "nocodb",
  schema: nocoDbBlockSchema,
  category: "integration",
  credentials: nocoDbCredentials,
  defaults: defaultNocoDbOptions,
  catalogue: { label: "NocoDB", icon: "Table2", keywords: "database airtable table rows records" },
  getSummary: (block, context) => {
    const options = block.options ?? {};
    const action = context.optionValue("action", options.action ?? defaultNocoDbOptions.action);
    return options.tableId ? `${action} · ${options.tableId}` : null;
  },
  settings: {
    fieldLabels: {
      action: "Action",
      tableId: "Table ID",
      viewId: "View ID",
      filter: "Filter",
      comparisons: "Comparisons",
      input: "Field",
      operator: "Operator",
      joiner: "Join comparisons with",
      returnType: "Records to return",
      responseMapping: "Save fields in variables",
      fieldName: "Field",
      fields: "Fields",
      updates: "Updates",
    },
    isFieldVisible: getPluginFieldVisibility(nocoDbFieldsByAction, defaultNocoDbOptions.action),
  },
});
