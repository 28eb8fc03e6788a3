import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";

export const timeInputOptionsSchema = z
  .object({
    variableId: textSchema,
    labels: z.object({ button: textSchema }).partial(),
    /** Unicode TR35 pattern of the stored answer (`HH:mm`). */
    format: textSchema,
  })
  .partial();
export type TimeInputOptions = z.infer<typeof timeInputOptionsSchema>;

export const timeInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("time input"),
  options: timeInputOptionsSchema.optional(),
});
export type TimeInputBlock = z.infer<typeof timeInputBlockSchema>;

export const defaultTimeInputOptions = {
  labels: { button: "Send" },
  format: "HH:mm",
} as const satisfies TimeInputOptions;

export const timeInputBlock = defineBlock({
  type: "time input",
  schema: timeInputBlockSchema,
  category: "input",
  texts: { fields: ["options.labels.button"] },
  defaults: defaultTimeInputOptions,
  catalogue: { label: "Time", icon: "Clock" },
  getSummary: (block, context) =>
    withTargetVariable(context.t("pickTime"), block.options?.variableId, context),
  textChannel: (input, t) => ({
    text: t("time", { pattern: input.options?.format?.trim() || defaultTimeInputOptions.format }),
  }),
});
