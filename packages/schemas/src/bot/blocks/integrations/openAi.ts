import { z } from "zod";
import { openAiCredentials } from "../../../credentials/aiCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import {
  type AiKindFacts,
  aiActions,
  aiBaseOptionsShape,
  getAiBlockSettings,
  getAiBlockSummary,
} from "./aiOptions";

export const openAiActions = [
  aiActions.createChatCompletion,
  aiActions.askAssistant,
  aiActions.askModel,
  aiActions.generateVariables,
  aiActions.createSpeech,
  aiActions.createTranscription,
] as const;
export const openAiActionSchema = z.enum(openAiActions);

export const openAiVoices = [
  "alloy",
  "ash",
  "coral",
  "echo",
  "fable",
  "onyx",
  "nova",
  "sage",
  "shimmer",
] as const;

/**
 * OpenAI block options. Typebot's plug-in blocks grow action-specific fields release
 * after release, so fields not listed here are kept as exported (loose object).
 */
export const openAiOptionsSchema = z.looseObject({
  ...aiBaseOptionsShape,
  action: openAiActionSchema.optional(),
  /** Self-hosted or Azure endpoint instead of api.openai.com. */
  baseUrl: textSchema.optional(),
  apiVersion: textSchema.optional(),
  /** Create speech. */
  input: textSchema.optional(),
  voice: textSchema.optional(),
  saveUrlInVariableId: textSchema.optional(),
  /** Create transcription. */
  url: textSchema.optional(),
  transcriptionVariableId: textSchema.optional(),
  /** Ask Assistant. */
  assistantId: textSchema.optional(),
  threadVariableId: textSchema.optional(),
  /** Ask Assistant / Ask Model: the user message. */
  message: textSchema.optional(),
  /** Ask Model: keeps the conversation on the provider's side. */
  responseIdVariableId: textSchema.optional(),
});
export type OpenAiOptions = z.infer<typeof openAiOptionsSchema>;

export const openAiBlockSchema = blockBaseSchema.extend({
  type: z.literal("openai"),
  options: openAiOptionsSchema.optional(),
});
export type OpenAiBlock = z.infer<typeof openAiBlockSchema>;

export const defaultOpenAiOptions = {
  action: aiActions.createChatCompletion,
  model: "gpt-4o-mini",
  baseUrl: "https://api.openai.com/v1",
  voice: "alloy",
} as const satisfies OpenAiOptions;

/** Assistants and the Responses API (Ask Assistant, Ask Model) are not run by this server. */
const openAiFacts = {
  protocol: {
    name: "openAiChat",
    maxTokensField: "max_completion_tokens",
    streamsUsage: true,
    forcedToolChoice: "named",
  },
  actions: {
    [aiActions.createChatCompletion]: "chatCompletion",
    [aiActions.generateVariables]: "generateVariables",
    [aiActions.createSpeech]: "createSpeech",
    [aiActions.createTranscription]: "createTranscription",
  },
  defaultBaseUrl: "https://api.openai.com/v1",
} as const satisfies AiKindFacts;

export const openAiBlock = defineBlock({
  type: "openai",
  schema: openAiBlockSchema,
  category: "integration",
  ai: openAiFacts,
  credentials: openAiCredentials,
  defaults: defaultOpenAiOptions,
  catalogue: { label: "OpenAI", icon: "Sparkles", keywords: "ai gpt chatgpt" },
  getSummary: (block, context) => getAiBlockSummary(block.options, context),
  settings: getAiBlockSettings(defaultOpenAiOptions.action, openAiFacts),
});
