import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const chatwootTasks = ["Show widget", "Close widget"] as const;
export const chatwootTaskSchema = z.enum(chatwootTasks);

export const chatwootOptionsSchema = z
  .object({
    task: chatwootTaskSchema,
    baseUrl: textSchema,
    websiteToken: textSchema,
    user: z
      .object({
        id: textSchema,
        email: textSchema,
        name: textSchema,
        avatarUrl: textSchema,
        phoneNumber: textSchema,
      })
      .partial(),
  })
  .partial();
export type ChatwootOptions = z.infer<typeof chatwootOptionsSchema>;

export const chatwootBlockSchema = blockBaseSchema.extend({
  type: z.literal("Chatwoot"),
  options: chatwootOptionsSchema.optional(),
});
export type ChatwootBlock = z.infer<typeof chatwootBlockSchema>;

export const defaultChatwootOptions = {
  task: "Show widget",
  baseUrl: "https://app.chatwoot.com",
} as const satisfies ChatwootOptions;

export const chatwootBlock = defineBlock({
  type: "Chatwoot",
  schema: chatwootBlockSchema,
  category: "integration",
  defaults: defaultChatwootOptions,
  catalogue: { label: "Chatwoot", icon: "MessagesSquare", keywords: "live chat" },
  getSummary: (block, context) =>
    context.t(block.options?.task === "Close widget" ? "closeChatwootWidget" : "showChatwootWidget"),
});
