import { z } from "zod";
import { textSchema } from "../../../text";
import { displayConditionSchema } from "../../condition";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getChoicePrompt } from "../textChannel";
import { getChoiceSummary } from "./choiceInput";

export const pictureChoiceItemSchema = itemBaseSchema.extend({
  pictureSrc: textSchema.optional(),
  title: textSchema.optional(),
  description: textSchema.optional(),
  /** Stored instead of `title` when set. */
  value: textSchema.optional(),
  displayCondition: displayConditionSchema.optional(),
});
export type PictureChoiceItem = z.infer<typeof pictureChoiceItemSchema>;

export const pictureChoiceInputOptionsSchema = z
  .object({
    variableId: textSchema,
    isMultipleChoice: z.boolean(),
    isSearchable: z.boolean(),
    buttonLabel: textSchema,
    searchInputPlaceholder: textSchema,
    /** Items built at runtime from list variables (one item per list element). */
    dynamicItems: z
      .object({
        isEnabled: z.boolean(),
        pictureSrcsVariableId: textSchema,
        titlesVariableId: textSchema,
        descriptionsVariableId: textSchema,
      })
      .partial(),
  })
  .partial();
export type PictureChoiceInputOptions = z.infer<typeof pictureChoiceInputOptionsSchema>;

export const pictureChoiceInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("picture choice input"),
  items: z.array(pictureChoiceItemSchema),
  options: pictureChoiceInputOptionsSchema.optional(),
});
export type PictureChoiceInputBlock = z.infer<typeof pictureChoiceInputBlockSchema>;

export const defaultPictureChoiceInputOptions = {
  isMultipleChoice: false,
  isSearchable: false,
  buttonLabel: "Send",
  searchInputPlaceholder: "Filter the options...",
  dynamicItems: { isEnabled: false },
} as const satisfies PictureChoiceInputOptions;

export const pictureChoiceInputBlock = defineBlock({
  type: "picture choice input",
  schema: pictureChoiceInputBlockSchema,
  category: "input",
  texts: {
    fields: ["options.buttonLabel", "options.searchInputPlaceholder"],
    itemFields: ["title", "description"],
  },
  defaults: defaultPictureChoiceInputOptions,
  catalogue: { label: "Pic choice", icon: "Images", keywords: "picture" },
  getSummary: (block, context) => getChoiceSummary(block.options, context),
  canvas: {
    hasItemRows: true,
    hasDefaultExit: (block) => block.options?.isMultipleChoice === true,
    getItemSummary: (_block, item, context) => item.title || (item.pictureSrc ? context.t("picture") : null),
  },
  settings: {
    isFieldVisible: (key, options) =>
      key === "searchInputPlaceholder" ? options.isSearchable === true : undefined,
    items: { name: "picture", create: (createId) => ({ id: createId() }) },
  },
  // Each picture as an image captioned with its title and description, then the choice as a list.
  textChannel: (input, t) => [
    ...input.items.flatMap((item) =>
      item.pictureSrc
        ? [
            {
              text: [item.title, item.description]
                .map((part) => part?.trim())
                .filter(Boolean)
                .join("\n"),
              media: { kind: "image" as const, url: item.pictureSrc },
            },
          ]
        : [],
    ),
    {
      text: getChoicePrompt(input.options?.isMultipleChoice, t),
      ...(input.options?.isMultipleChoice ? { isMultipleChoice: true } : { isList: true }),
      choices: input.items.map((item) => ({
        id: item.id,
        label: item.title?.trim() || item.value?.trim() || item.description?.trim() || t("picture"),
      })),
    },
  ],
});
