import { z } from "zod";
import { textSchema } from "../../../text";
import { displayConditionSchema } from "../../condition";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import type { FormattedBlock } from "../formattedText";
import { toFormattedMessage } from "../textChannel";

/** A button of a card; each path has its own exit. */
export const cardPathSchema = itemBaseSchema.extend({ text: textSchema.optional() });
export type CardPath = z.infer<typeof cardPathSchema>;

export const cardItemSchema = z.object({
  id: textSchema.min(1),
  imageUrl: textSchema.optional(),
  title: textSchema.optional(),
  description: textSchema.optional(),
  options: z
    .object({ internalValue: textSchema, displayCondition: displayConditionSchema })
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
        id: textSchema.optional(),
        field: cardsMappingFieldSchema.optional(),
        variableId: textSchema.optional(),
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
  texts: { itemFields: ["title", "description"], itemPathFields: ["text"] },
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
  // Each card as its own message: its image, its title (bold) and description, its paths as buttons.
  textChannel: (input, t) =>
    input.items.map((card) => {
      const title = card.title?.trim();
      const description = card.description?.trim();
      const lines: FormattedBlock[] = [
        ...(title ? [{ type: "paragraph" as const, spans: [{ text: title, bold: true }] }] : []),
        ...(description ? [{ type: "paragraph" as const, spans: [{ text: description }] }] : []),
      ];
      return {
        ...toFormattedMessage(lines),
        ...(card.imageUrl ? { media: { kind: "image" as const, url: card.imageUrl } } : {}),
        // A card without paths is one button, as in the widget.
        choices: card.paths?.length
          ? card.paths.map((path) => ({ id: path.id, label: path.text?.trim() || title || t("cardButton") }))
          : [{ id: card.id, label: title || t("cardButton") }],
      };
    }),
});
