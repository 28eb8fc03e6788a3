import { z } from "zod";
import { difyCredentials } from "../../../credentials/difyCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getPluginFieldVisibility, pluginPropertySchema } from "./pluginOptions";

/** The action of Typebot's `dify-ai` plug-in this product runs (its Query Knowledge Base is not run). */
export const difyActions = ["Create Chat Message"] as const;
export const difyActionSchema = z.enum(difyActions);
export type DifyAction = z.infer<typeof difyActionSchema>;

/** What the answer's variables may receive; `Answer` and `Total Tokens` are the names of Typebot's first version. */
export const difyResponseItems = [
  "Message content",
  "Total tokens",
  "Prompt tokens",
  "Completion tokens",
  "Answer",
  "Total Tokens",
] as const;

export const difyOptionsSchema = z
  .object({
    credentialsId: textSchema,
    action: difyActionSchema,
    /** The visitor's message to the app. */
    query: textSchema,
    /** Holds the Dify conversation's id: read to continue it, written with the id Dify answers. */
    conversationVariableId: textSchema,
    /** The `user` Dify scopes conversations by. */
    user: textSchema,
    /** The app's input variables. */
    inputs: z.array(pluginPropertySchema),
    responseMapping: z.array(
      z.object({ id: textSchema, item: z.enum(difyResponseItems), variableId: textSchema }).partial(),
    ),
  })
  .partial();
export type DifyOptions = z.infer<typeof difyOptionsSchema>;

export const difyBlockSchema = blockBaseSchema.extend({
  type: z.literal("dify-ai"),
  options: difyOptionsSchema.optional(),
});
export type DifyBlock = z.infer<typeof difyBlockSchema>;

export const defaultDifyOptions = { action: "Create Chat Message" } as const satisfies DifyOptions;

export const difyBlock = defineBlock({
  type: "dify-ai",
  schema: difyBlockSchema,
  category: "integration",
  credentials: difyCredentials,
  defaults: defaultDifyOptions,
  catalogue: { label: "Dify", icon: "Workflow", keywords: "ai agent llm app chat" },
  getSummary: (block, context) => (block.options?.query ? context.t("createChatMessage") : null),
  settings: {
    fieldLabels: {
      action: "Action",
      query: "Query",
      conversationVariableId: "Conversation ID variable",
      user: "User",
      inputs: "Inputs",
      responseMapping: "Save the response in variables",
    },
    isFieldVisible: getPluginFieldVisibility(
      { "Create Chat Message": ["query", "conversationVariableId", "user", "inputs", "responseMapping"] },
      defaultDifyOptions.action,
    ),
  },
});
