import { z } from "zod";
import { displayConditionSchema } from "../../condition";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getChoicePrompt } from "../textChannel";

/** A button of a card; each path has its own exit. */
export const cardPathSchema = itemBaseSchema.extend({ text: z.string().optional() });
export type CardPath = z.infer<typeof cardPathSchema>;

export const cardItemSchema = z.object({
  id: z.string().min(1),
  imageUrl: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  options: z
    .object({ internalValue: z.string(), displayCondition: displayConditionSchema })
    .partial()
    .optional(),
  paths: z.array(cardPathSchema).optional(),
});
export type CardItem = z.infer<typeof cardItemSchema>;

/** Fields of the chosen card that can be saved into variables. */
export const cardsMappingFields = ["Image URL", "Title", "Description", "Button", "Internal Value"] as const;
export const cardsMappingFieldSchema = z.enum(cardsMappingFields);

export const cardsOptionsSchema = z
  .object({
    saveResponseMapping: z.array(
      z.object({
        id: z.string().optional(),
        field: cardsMappingFieldSchema.optional(),
        variableId: z.string().optional(),
      }),
    ),
  })
  .partial();
export type CardsOptions = z.infer<typeof cardsOptionsSchema>;

export const cardsBlockSchema = blockBaseSchema.extend({
  type: z.literal("cards"),
  items: z.array(cardItemSchema),
  options: cardsOptionsSchema.optional(),
});
export type CardsBlock = z.infer<typeof cardsBlockSchema>;

export const defaultCardsOptions = { saveResponseMapping: [] } as const satisfies CardsOptions;

export const cardsBlock = defineBlock({
  type: "cards",
  schema: cardsBlockSchema,
  category: "input",
  defaults: defaultCardsOptions,
  catalogue: { label: "Cards", icon: "LayoutGrid", keywords: "carousel" },
  getSummary: () => null,
  canvas: {
    hasItemRows: true,
    hasDefaultExit: () => false,
    getItemSummary: (_block, item) => item.title || null,
    hasItemPaths: true,
  },
  settings: {
    items: {
      name: "card",
      create: (createId) => ({ id: createId(), paths: [{ id: createId(), text: "Select" }] }),
    },
  },
  textChannel: (input) => ({
    text: getChoicePrompt(false),
    // A card without paths is one button, as in the widget; with several, each names its card.
    choices: input.items.flatMap((card) => {
      const title = card.title ?? "";
      if (!card.paths?.length) return [{ id: card.id, label: title || "Select" }];
      return card.paths.map((path) => ({
        id: path.id,
        label: title && path.text ? `${title}: ${path.text}` : path.text || title || "Select",
      }));
    }),
  }),
});
