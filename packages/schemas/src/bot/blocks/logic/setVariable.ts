import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

/** Wire strings of the value kinds a Set variable block can compute (`options.type`). */
export const setVariableValueTypes = [
  "Custom",
  "Empty",
  "Append value(s)",
  "Environment name",
  "Device type",
  "Transcript",
  "User ID",
  "Result ID",
  "Now",
  "Yesterday",
  "Tomorrow",
  "Today",
  "Random ID",
  "Moment of the day",
  "Map item with same index",
  "Pop",
  "Shift",
  "Phone number",
  "Contact name",
  "Referral Click ID",
  "Referral Source ID",
] as const;
export const setVariableValueTypeSchema = z.enum(setVariableValueTypes);
export type SetVariableValueType = z.infer<typeof setVariableValueTypeSchema>;

/** Value kinds only a browser can compute; they become a `setVariable` client-side action. */
export const clientSideSetVariableValueTypes = [
  "Device type",
  "Moment of the day",
] as const satisfies readonly SetVariableValueType[];

export const setVariableOptionsSchema = z
  .object({
    variableId: textSchema,
    /** Absent means `Custom`. */
    type: setVariableValueTypeSchema,
    /** `Custom`: a `{{variable}}`, a literal or JavaScript (with `isCode`). */
    expressionToEvaluate: textSchema,
    isCode: z.boolean(),
    isExecutedOnClient: z.boolean(),
    /** Set on imported code: never run with the author's trust. */
    isUnsafe: z.boolean(),
    expressionDescription: textSchema,
    saveErrorInVariableId: textSchema,
    /** `Now`, `Yesterday`, `Tomorrow`: IANA zone of the ISO string. */
    timeZone: textSchema,
    mapListItemParams: z
      .object({
        baseItemVariableId: textSchema,
        baseListVariableId: textSchema,
        targetListVariableId: textSchema,
      })
      .partial(),
    /** `Append value(s)`: the value appended. */
    item: textSchema,
    /** `Pop`, `Shift`: receives the removed element. */
    saveItemInVariableId: textSchema,
  })
  .partial();
export type SetVariableOptions = z.infer<typeof setVariableOptionsSchema>;

export const setVariableBlockSchema = blockBaseSchema.extend({
  type: z.literal("Set variable"),
  options: setVariableOptionsSchema.optional(),
});
export type SetVariableBlock = z.infer<typeof setVariableBlockSchema>;

export const defaultSetVariableOptions = {
  type: "Custom",
  isCode: false,
  isExecutedOnClient: false,
} as const satisfies SetVariableOptions;

/** Options that only the "Custom" value kind uses. */
const customValueKeys = [
  "expressionToEvaluate",
  "isCode",
  "isExecutedOnClient",
  "saveErrorInVariableId",
  "expressionDescription",
];

export const setVariableBlock = defineBlock({
  type: "Set variable",
  schema: setVariableBlockSchema,
  category: "logic",
  defaults: defaultSetVariableOptions,
  catalogue: { label: "Set variable", icon: "Variable" },
  getSummary: (block, context) => {
    const name = context.variableName(block.options?.variableId);
    if (!name) return null;
    const target = `{{${name}}}`;
    const kind = block.options?.type ?? "Custom";
    if (kind === "Custom")
      return context.t("setVariableTo", {
        variable: target,
        value: block.options?.expressionToEvaluate || "…",
      });
    if (kind === "Append value(s)")
      return context.t("appendToVariable", { value: block.options?.item || "…", variable: target });
    return context.t("setVariableTo", { variable: target, value: context.optionValue("type", kind) });
  },
  settings: {
    isFieldVisible: (key, options) => {
      const kind = options.type ?? "Custom";
      if (customValueKeys.includes(key)) return kind === "Custom";
      if (key === "item") return kind === "Append value(s)";
      if (key === "timeZone") return ["Now", "Yesterday", "Tomorrow", "Today"].includes(kind);
      if (key.startsWith("mapListItemParams")) return kind === "Map item with same index";
      if (key === "saveItemInVariableId") return kind === "Pop" || kind === "Shift";
      return undefined;
    },
  },
});
