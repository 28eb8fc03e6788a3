import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema, numberOrVariableSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";
import { formatBound } from "../textChannel";
import { inputLabelsSchema } from "./inputLabels";

export const numberInputStyles = ["decimal", "currency", "percent", "unit"] as const;
export const numberInputStyleSchema = z.enum(numberInputStyles);

/** The simple units `Intl.NumberFormat` can display. */
export const numberInputUnits = [
  "acre",
  "bit",
  "byte",
  "celsius",
  "centimeter",
  "day",
  "degree",
  "fahrenheit",
  "fluid-ounce",
  "foot",
  "gallon",
  "gigabit",
  "gigabyte",
  "gram",
  "hectare",
  "hour",
  "inch",
  "kilobit",
  "kilobyte",
  "kilogram",
  "kilometer",
  "liter",
  "megabit",
  "megabyte",
  "meter",
  "microsecond",
  "mile",
  "mile-scandinavian",
  "milliliter",
  "millimeter",
  "millisecond",
  "minute",
  "month",
  "nanosecond",
  "ounce",
  "percent",
  "petabyte",
  "pound",
  "second",
  "stone",
  "terabit",
  "terabyte",
  "week",
  "yard",
  "year",
] as const;
export const numberInputUnitSchema = z.enum(numberInputUnits);

export const numberInputOptionsSchema = z
  .object({
    variableId: textSchema,
    labels: inputLabelsSchema,
    min: numberOrVariableSchema,
    max: numberOrVariableSchema,
    step: numberOrVariableSchema,
    /** BCP 47 locale used to display and parse the number (`en`, `fr-FR`, …). */
    locale: textSchema,
    style: numberInputStyleSchema,
    /** ISO 4217 code, with style `currency`. */
    currency: textSchema,
    unit: numberInputUnitSchema,
  })
  .partial();
export type NumberInputOptions = z.infer<typeof numberInputOptionsSchema>;

export const numberInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("number input"),
  options: numberInputOptionsSchema.optional(),
});
export type NumberInputBlock = z.infer<typeof numberInputBlockSchema>;

export const defaultNumberInputOptions = {
  labels: { placeholder: "Type a number...", button: "Send" },
  style: "decimal",
  locale: "en",
} as const satisfies NumberInputOptions;

export const numberInputBlock = defineBlock({
  type: "number input",
  schema: numberInputBlockSchema,
  category: "input",
  texts: { fields: ["options.labels.placeholder", "options.labels.button"] },
  defaults: defaultNumberInputOptions,
  catalogue: { label: "Number", icon: "Hash" },
  getSummary: (block, context) =>
    withTargetVariable(
      block.options?.labels?.placeholder ?? context.t("numberInputPlaceholder"),
      block.options?.variableId,
      context,
    ),
  settings: {
    isFieldVisible: (key, options) => {
      if (key === "currency") return options.style === "currency";
      if (key === "unit") return options.style === "unit";
      return undefined;
    },
  },
  textChannel: (input, t) => {
    const min = formatBound(input.options?.min);
    const max = formatBound(input.options?.max);
    if (min !== undefined && max !== undefined) return { text: t("numberBetween", { min, max }) };
    if (min !== undefined) return { text: t("numberAtLeast", { min }) };
    if (max !== undefined) return { text: t("numberAtMost", { max }) };
    return { text: t("number") };
  },
});
