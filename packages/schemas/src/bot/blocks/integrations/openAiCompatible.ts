import { z } from "zod";
import { openAiCompatibleCredentials } from "../../../credentials/aiCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema, numberOrVariableSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import {
  type AiKindFacts,
  aiActions,
  aiMessageSchema,
  aiResponseValueSchema,
  aiToolSchema,
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
    credentialsId: textSchema,
    /** Base URL up to the version segment, e.g. `http://llm.internal:8000/v1`. */
    baseUrl: textSchema,
    action: openAiCompatibleActionSchema,
    model: textSchema,
    messages: z.array(aiMessageSchema),
    /** Conversation appended after `messages`: a list variable of alternating turns. */
    dialogue: z.object({ variableId: textSchema, startsBy: z.enum(["user", "assistant"]) }).partial(),
    temperature: numberOrVariableSchema,
    maxTokens: numberOrVariableSchema,
    /** Functions the model may call; their code runs in the sandbox. */
    tools: z.array(aiToolSchema),
    responseMapping: z.array(
      z.object({
        id: textSchema.optional(),
        item: aiResponseValueSchema.optional(),
        variableId: textSchema.optional(),
      }),
    ),
    /** Generate variables. */
    prompt: textSchema,
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

/** No default base URL: the block or its credentials name the server. */
const openAiCompatibleFacts = {
  protocol: {
    name: "openAiChat",
    maxTokensField: "max_tokens",
    streamsUsage: false,
    forcedToolChoice: "named",
  },
  actions: {
    [aiActions.createChatCompletion]: "chatCompletion",
    [aiActions.generateVariables]: "generateVariables",
  },
  hasBlockBaseUrl: true,
} as const satisfies AiKindFacts;

export const openAiCompatibleBlock = defineBlock({
  type: "openai-compatible",
  schema: openAiCompatibleBlockSchema,
  category: "integration",
  ai: openAiCompatibleFacts,
  credentials: openAiCompatibleCredentials,
  defaults: defaultOpenAiCompatibleOptions,
  catalogue: {
    label: "OpenAI-compatible",
    icon: "Sparkles",
    keywords: "ai groq together openrouter perplexity deepseek",
  },
  getSummary: (block, context) => getAiBlockSummary(block.options, context),
  settings: getAiBlockSettings(defaultOpenAiCompatibleOptions.action, openAiCompatibleFacts),
});
