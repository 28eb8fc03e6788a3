import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema, numberOrVariableSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const embedBubbleContentSchema = z
  .object({
    url: textSchema,
    height: numberOrVariableSchema,
    /** Pause the flow until the embedded page posts a message named `name`. */
    waitForEvent: z
      .object({ isEnabled: z.boolean(), name: textSchema, saveDataInVariableId: textSchema })
      .partial(),
  })
  .partial();
export type EmbedBubbleContent = z.infer<typeof embedBubbleContentSchema>;

export const embedBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("embed"),
  content: embedBubbleContentSchema.optional(),
});
export type EmbedBubbleBlock = z.infer<typeof embedBubbleBlockSchema>;

export const defaultEmbedBubbleContent = {
  height: 400,
  waitForEvent: { isEnabled: false },
} as const satisfies EmbedBubbleContent;

export const embedBubbleBlock = defineBlock({
  type: "embed",
  schema: embedBubbleBlockSchema,
  category: "bubble",
  defaults: defaultEmbedBubbleContent,
  catalogue: { label: "Embed", icon: "Frame", keywords: "iframe" },
  getSummary: (block) => block.content?.url || null,
  textChannel: (bubble) => ({ text: bubble.content.url ?? "" }),
});
