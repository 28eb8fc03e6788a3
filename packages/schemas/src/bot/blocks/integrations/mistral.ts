import { z } from "zod";
import { mistralCredentials } from "../../../credentials/aiCredentials";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import {
  type AiKindFacts,
  aiActions,
  aiBaseOptionsShape,
  getAiBlockSettings,
  getAiBlockSummary,
} from "./aiOptions";

export const mistralActions = [aiActions.createChatCompletion, aiActions.generateVariables] as const;
export const mistralActionSchema = z.enum(mistralActions);

/** Mistral block options; unlisted plug-in fields are kept (loose object). */
export const mistralOptionsSchema = z.looseObject({
  ...aiBaseOptionsShape,
  action: mistralActionSchema.optional(),
});
export type MistralOptions = z.infer<typeof mistralOptionsSchema>;

export const mistralBlockSchema = blockBaseSchema.extend({
  type: z.literal("mistral"),
  options: mistralOptionsSchema.optional(),
});
export type MistralBlock = z.infer<typeof mistralBlockSchema>;

export const defaultMistralOptions = {
  action: aiActions.createChatCompletion,
  model: "mistral-large-latest",
} as const satisfies MistralOptions;

const mistralFacts = {
  protocol: {
    name: "openAiChat",
    maxTokensField: "max_tokens",
    streamsUsage: false,
    forcedToolChoice: "any",
  },
  actions: {
    [aiActions.createChatCompletion]: "chatCompletion",
    [aiActions.generateVariables]: "generateVariables",
  },
  defaultBaseUrl: "https://api.mistral.ai/v1",
} as const satisfies AiKindFacts;

export const mistralBlock = defineBlock({
  type: "mistral",
  schema: mistralBlockSchema,
  category: "integration",
  ai: mistralFacts,
  credentials: mistralCredentials,
  defaults: defaultMistralOptions,
  catalogue: { label: "Mistral", icon: "Wind", keywords: "ai" },
  getSummary: (block, context) => getAiBlockSummary(block.options, context),
  settings: getAiBlockSettings(defaultMistralOptions.action, mistralFacts),
});
