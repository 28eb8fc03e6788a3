import { z } from "zod";
import { chatNodeCredentials } from "../../../credentials/chatNodeCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getPluginFieldVisibility } from "./pluginOptions";

/** The one action of Typebot's `chat-node` plug-in. */
export const chatNodeActions = ["Send Message"] as const;
export const chatNodeActionSchema = z.enum(chatNodeActions);

/** What the answer's variables may receive: the bot's reply and the thread (chat session) it belongs to. */
export const chatNodeResponseItems = ["Message", "Thread ID"] as const;

export const chatNodeOptionsSchema = z
  .object({
    credentialsId: textSchema,
    action: chatNodeActionSchema,
    /** The ChatNode bot to ask (the end of its URL in ChatNode's dashboard). */
    botId: textSchema,
    /** The conversation to continue; empty starts a new one (its id can be saved as `Thread ID`). */
    threadId: textSchema,
    message: textSchema,
    responseMapping: z.array(
      z.object({ id: textSchema, item: z.enum(chatNodeResponseItems), variableId: textSchema }).partial(),
    ),
  })
  .partial();
export type ChatNodeOptions = z.infer<typeof chatNodeOptionsSchema>;

export const chatNodeBlockSchema = blockBaseSchema.extend({
  type: z.literal("chat-node"),
  options: chatNodeOptionsSchema.optional(),
});
export type ChatNodeBlock = z.infer<typeof chatNodeBlockSchema>;

export const defaultChatNodeOptions = { action: "Send Message" } as const satisfies ChatNodeOptions;

export const chatNodeBlock = defineBlock({
  type: "chat-node",
  schema: chatNodeBlockSchema,
  category: "integration",
  credentials: chatNodeCredentials,
  defaults: defaultChatNodeOptions,
  catalogue: { label: "ChatNode", icon: "Bot", keywords: "ai chatbot gpt assistant chatnode" },
  getSummary: (block, context) =>
    block.options?.botId ? context.t("askChatNodeBot", { botId: block.options.botId }) : null,
  settings: {
    fieldLabels: {
      action: "Action",
      botId: "Bot ID",
      threadId: "Thread ID",
      message: "Message",
      responseMapping: "Save the response in variables",
    },
    isFieldVisible: getPluginFieldVisibility(
      { "Send Message": ["botId", "threadId", "message", "responseMapping"] },
      defaultChatNodeOptions.action,
    ),
  },
});
