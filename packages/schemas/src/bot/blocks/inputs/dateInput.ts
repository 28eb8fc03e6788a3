import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";
import { defaultDateFormat, getDateInputFormat } from "./dateFormat";

export * from "./dateFormat";

export const dateInputOptionsSchema = z
  .object({
    variableId: textSchema,
    labels: z
      .object({ button: textSchema, from: textSchema, to: textSchema, separator: textSchema })
      .partial(),
    hasTime: z.boolean(),
    isRange: z.boolean(),
    /** Unicode TR35 pattern of the stored answer (`dd/MM/yyyy`); unset: the locale's numeric date, else `dd/MM/yyyy`. */
    format: textSchema,
    /**
     * BCP 47 locale of the answer's month and day names and, without a format, of its order (`fr`, `en-US`).
     * Unset: the visitor's language in a bot with several languages, else English (docs/languages.md).
     */
    locale: textSchema,
    /** Earliest and latest accepted dates (ISO date or `{{variable}}`). */
    min: textSchema,
    max: textSchema,
  })
  .partial();
export type DateInputOptions = z.infer<typeof dateInputOptionsSchema>;

export const dateInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("date input"),
  options: dateInputOptionsSchema.optional(),
});
export type DateInputBlock = z.infer<typeof dateInputBlockSchema>;

export const defaultDateInputOptions = {
  labels: { button: "Send", from: "From:", to: "To:", separator: "to" },
  hasTime: false,
  isRange: false,
  format: defaultDateFormat,
} as const satisfies DateInputOptions;

export const dateInputBlock = defineBlock({
  type: "date input",
  schema: dateInputBlockSchema,
  category: "input",
  texts: {
    fields: ["options.labels.button", "options.labels.from", "options.labels.to", "options.labels.separator"],
  },
  defaults: defaultDateInputOptions,
  catalogue: { label: "Date", icon: "CalendarDays" },
  getSummary: (block, context) => {
    const { isRange, hasTime, variableId } = block.options ?? {};
    const label = context.t(isRange ? "pickDateRange" : hasTime ? "pickDateAndTime" : "pickDate");
    return withTargetVariable(label, variableId, context);
  },
  textChannel: (input, t) => {
    const { hasTime, isRange, labels } = input.options ?? {};
    const pattern = getDateInputFormat(input.options ?? {});
    if (!isRange) return { text: t(hasTime ? "dateTime" : "date", { pattern }) };
    // Without the author's separator, the one the engine reads in every language.
    const separator = labels?.separator?.trim() || t("dateRangeSeparator");
    return { text: t(hasTime ? "dateTimeRange" : "dateRange", { pattern, separator }) };
  },
});
