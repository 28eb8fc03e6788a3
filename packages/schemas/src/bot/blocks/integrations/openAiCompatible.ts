import { z } from "zod";
import { blockBaseSchema, numberOrVariableSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import {
  aiActions,
  aiMessageSchema,
  aiResponseValueSchema,
  getAiBlockSettings,
  getAiBlockSummary,
  variableToExtractSchema,
} from "./aiOptions";

export const openAiCompatibleActions = [aiActions.createChatCompletion, aiActions.generateVariables] as const;
export const openAiCompatibleActionSchema = z.enum(openAiCompatibleActions);

/**
 * Our block for any server speaking the OpenAI chat-completions protocol (vLLM, Ollama,
 * LiteLLM, …). It is this product's own shape, so unknown fields are dropped.
 */
export const openAiCompatibleOptionsSchema = z
  .object({
    credentialsId: z.string(),
    /** Base URL up to the version segment, e.g. `http://llm.internal:8000/v1`. */
    baseUrl: z.string(),
    action: openAiCompatibleActionSchema,
    model: z.string(),
    messages: z.array(aiMessageSchema),
    /** Conversation appended after `messages`: a list variable of alternating turns. */
    dialogue: z.object({ variableId: z.string(), startsBy: z.enum(["user", "assistant"]) }).partial(),
    temperature: numberOrVariableSchema,
    maxTokens: numberOrVariableSchema,
    responseMapping: z.array(
      z.object({
        id: z.string().optional(),
        item: aiResponseValueSchema.optional(),
        variableId: z.string().optional(),
      }),
    ),
    /** Generate variables. */
    prompt: z.string(),
    variablesToExtract: z.array(variableToExtractSchema),
  })
  .partial();
export type OpenAiCompatibleOptions = z.infer<typeof openAiCompatibleOptionsSchema>;

export const openAiCompatibleBlockSchema = blockBaseSchema.extend({
  type: z.literal("openai-compatible"),
  options: openAiCompatibleOptionsSchema.optional(),
});
export type OpenAiCompatibleBlock = z.infer<typeof openAiCompatibleBlockSchema>;

export const defaultOpenAiCompatibleOptions = {
  action: aiActions.createChatCompletion,
  messages: [],
  responseMapping: [],
} as const satisfies OpenAiCompatibleOptions;

export const openAiCompatibleBlock = defineBlock({
  type: "openai-compatible",
  schema: openAiCompatibleBlockSchema,
  category: "integration",
  isAi: true,
  defaults: defaultOpenAiCompatibleOptions,
  catalogue: {
    label: "OpenAI-compatible",
    icon: "Sparkles",
    keywords: "ai groq together openrouter perplexity deepseek",
  },
  getSummary: (block) => getAiBlockSummary(block.options),
  settings: getAiBlockSettings({ defaultAction: aiActions.createChatCompletion, hasBaseUrl: true }),
});
