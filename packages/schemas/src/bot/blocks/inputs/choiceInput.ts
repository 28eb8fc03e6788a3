import { z } from "zod";
import { textSchema } from "../../../text";
import { displayConditionSchema } from "../../condition";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";
import { type BlockSummaryContext, defineBlock, withTargetVariable } from "../defineBlock";
import { getChoicePrompt } from "../textChannel";

export const choiceItemSchema = itemBaseSchema.extend({
  content: textSchema.optional(),
  /** Stored instead of `content` when set. */
  value: textSchema.optional(),
  displayCondition: displayConditionSchema.optional(),
});
export type ChoiceItem = z.infer<typeof choiceItemSchema>;

export const choiceInputOptionsSchema = z
  .object({
    variableId: textSchema,
    isMultipleChoice: z.boolean(),
    buttonLabel: textSchema,
    /** A list variable whose values replace the items at runtime. */
    dynamicVariableId: textSchema,
    isSearchable: z.boolean(),
    searchInputPlaceholder: textSchema,
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

/** "Multiple choice" or "Choice" → its variable on the canvas (buttons and pictures alike). */
export function getChoiceSummary(
  options: { isMultipleChoice?: boolean; variableId?: string } | undefined,
  context: BlockSummaryContext,
): string | null {
  if (options?.isMultipleChoice)
    return withTargetVariable(context.t("multipleChoice"), options.variableId, context);
  return options?.variableId ? withTargetVariable(context.t("choice"), options.variableId, context) : null;
}

export const choiceInputBlock = defineBlock({
  type: "choice input",
  schema: choiceInputBlockSchema,
  category: "input",
  texts: { fields: ["options.buttonLabel", "options.searchInputPlaceholder"], itemFields: ["content"] },
  defaults: defaultChoiceInputOptions,
  catalogue: { label: "Buttons", icon: "SquareCheck", keywords: "choice options" },
  getSummary: (block, context) => getChoiceSummary(block.options, context),
  canvas: {
    hasItemRows: true,
    hasDefaultExit: (block) => block.options?.isMultipleChoice === true,
    getItemSummary: (_block, item) => item.content || null,
  },
  settings: {
    isFieldVisible: (key, options) =>
      key === "searchInputPlaceholder" || key === "areInitialSearchButtonsVisible"
        ? options.isSearchable === true
        : undefined,
    items: { name: "button", create: (createId) => ({ id: createId() }) },
  },
  textChannel: (input, t) => ({
    text: getChoicePrompt(input.options?.isMultipleChoice, t),
    ...(input.options?.isMultipleChoice ? { isMultipleChoice: true } : {}),
    choices: input.items.flatMap((item) => {
      const label = (item.content ?? item.value ?? "").trim();
      return label ? [{ id: item.id, label }] : [];
    }),
  }),
});
