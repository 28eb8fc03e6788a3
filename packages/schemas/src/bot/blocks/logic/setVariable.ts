import { z } from "zod";
import { blockBaseSchema } from "../blockBase";

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
    variableId: z.string(),
    /** Absent means `Custom`. */
    type: setVariableValueTypeSchema,
    /** `Custom`: a `{{variable}}`, a literal or JavaScript (with `isCode`). */
    expressionToEvaluate: z.string(),
    isCode: z.boolean(),
    isExecutedOnClient: z.boolean(),
    /** Set on imported code: never run with the author's trust. */
    isUnsafe: z.boolean(),
    expressionDescription: z.string(),
    saveErrorInVariableId: z.string(),
    /** `Now`, `Yesterday`, `Tomorrow`: IANA zone of the ISO string. */
    timeZone: z.string(),
    mapListItemParams: z
      .object({
        baseItemVariableId: z.string(),
        baseListVariableId: z.string(),
        targetListVariableId: z.string(),
      })
      .partial(),
    /** `Append value(s)`: the value appended. */
    item: z.string(),
    /** `Pop`, `Shift`: receives the removed element. */
    saveItemInVariableId: z.string(),
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
