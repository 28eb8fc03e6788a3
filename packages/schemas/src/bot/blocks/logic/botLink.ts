import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

/** `botId` value that links to a group of the same bot. */
export const currentBotId = "current";

export const botLinkOptionsSchema = z
  .object({
    /** A bot of the same workspace, or `current`. */
    botId: textSchema,
    /** Group id, or a `{{variable}}` holding a group title; absent = the linked bot's start. */
    groupId: textSchema,
    /** Share the result (answers) with the linked bot instead of creating a new one. */
    mergeResults: z.boolean(),
  })
  .partial();
export type BotLinkOptions = z.infer<typeof botLinkOptionsSchema>;

export const botLinkBlockSchema = blockBaseSchema.extend({
  type: z.literal("Bot link"),
  options: botLinkOptionsSchema.optional(),
});
export type BotLinkBlock = z.infer<typeof botLinkBlockSchema>;

export const defaultBotLinkOptions = { mergeResults: false } as const satisfies BotLinkOptions;

export const botLinkBlock = defineBlock({
  type: "Bot link",
  schema: botLinkBlockSchema,
  category: "logic",
  defaults: defaultBotLinkOptions,
  catalogue: { label: "Bot link", icon: "Bot", keywords: "typebot link" },
  getSummary: (block, context) => {
    if (!block.options?.botId) return null;
    if (block.options.botId === currentBotId) {
      const group = context.groupTitle(block.options.groupId);
      return group ? context.t("jumpTo", { group }) : context.t("jumpToStart");
    }
    return context.t("continueInAnotherBot");
  },
  settings: { panel: "botLinkTarget" },
});
