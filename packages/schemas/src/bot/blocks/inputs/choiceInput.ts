import { z } from "zod";
import { displayConditionSchema } from "../../condition";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";

export const choiceItemSchema = itemBaseSchema.extend({
  content: z.string().optional(),
  /** Stored instead of `content` when set. */
  value: z.string().optional(),
  displayCondition: displayConditionSchema.optional(),
});
export type ChoiceItem = z.infer<typeof choiceItemSchema>;

export const choiceInputOptionsSchema = z
  .object({
    variableId: z.string(),
    isMultipleChoice: z.boolean(),
    buttonLabel: z.string(),
    /** A list variable whose values replace the items at runtime. */
    dynamicVariableId: z.string(),
    isSearchable: z.boolean(),
    searchInputPlaceholder: z.string(),
    areInitialSearchButtonsVisible: z.boolean(),
  })
  .partial();
export type ChoiceInputOptions = z.infer<typeof choiceInputOptionsSchema>;

export const choiceInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("choice input"),
  items: z.array(choiceItemSchema),
  options: choiceInputOptionsSchema.optional(),
});
export type ChoiceInputBlock = z.infer<typeof choiceInputBlockSchema>;

export const defaultChoiceInputOptions = {
  isMultipleChoice: false,
  buttonLabel: "Send",
  isSearchable: false,
  searchInputPlaceholder: "Filter the options...",
  areInitialSearchButtonsVisible: true,
} as const satisfies ChoiceInputOptions;
