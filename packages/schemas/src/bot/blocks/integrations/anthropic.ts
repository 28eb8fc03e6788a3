import { z } from "zod";
import { anthropicCredentials } from "../../../credentials/aiCredentials";
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

export const anthropicActions = [aiActions.createChatMessage, aiActions.generateVariables] as const;
export const anthropicActionSchema = z.enum(anthropicActions);

/** Anthropic block options; unlisted plug-in fields are kept (loose object). */
export const anthropicOptionsSchema = z.looseObject({
  ...aiBaseOptionsShape,
  action: anthropicActionSchema.optional(),
  /** Anthropic takes the system prompt apart from the messages. */
  systemMessage: textSchema.optional(),
});
export type AnthropicOptions = z.infer<typeof anthropicOptionsSchema>;

export const anthropicBlockSchema = blockBaseSchema.extend({
  type: z.literal("anthropic"),
  options: anthropicOptionsSchema.optional(),
});
export type AnthropicBlock = z.infer<typeof anthropicBlockSchema>;

export const defaultAnthropicOptions = {
  action: aiActions.createChatMessage,
  model: "claude-sonnet-4-5",
  maxTokens: 1024,
} as const satisfies AnthropicOptions;

/** Blocks made as chat completions (older exports) run as chat messages. */
const anthropicFacts = {
  protocol: { name: "anthropicMessages" },
  actions: {
    [aiActions.createChatMessage]: "chatCompletion",
    [aiActions.createChatCompletion]: "chatCompletion",
    [aiActions.generateVariables]: "generateVariables",
  },
  defaultBaseUrl: "https://api.anthropic.com",
} as const satisfies AiKindFacts;

export const anthropicBlock = defineBlock({
  type: "anthropic",
  schema: anthropicBlockSchema,
  category: "integration",
  ai: anthropicFacts,
  credentials: anthropicCredentials,
  defaults: defaultAnthropicOptions,
  catalogue: { label: "Anthropic", icon: "BrainCircuit", keywords: "ai claude" },
  getSummary: (block, context) => getAiBlockSummary(block.options, context),
  settings: getAiBlockSettings(defaultAnthropicOptions.action, anthropicFacts),
});
