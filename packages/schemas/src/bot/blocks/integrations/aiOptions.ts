import { z } from "zod";
import { textSchema } from "../../../text";
import { numberOrVariableSchema } from "../blockBase";

/**
 * Option shapes shared by the AI blocks (openai, anthropic, mistral, openai-compatible).
 * Action names are wire strings; each block module lists the ones it supports.
 */
export const aiActions = {
  createChatCompletion: "Create chat completion",
  createChatMessage: "Create Chat Message",
  generateVariables: "Generate variables",
  createSpeech: "Create speech",
  createTranscription: "Create transcription",
  askAssistant: "Ask Assistant",
  askModel: "Ask Model",
} as const;

export type AiActionName = (typeof aiActions)[keyof typeof aiActions];

/** What the server does for an action; packages/integrations runs one function per operation. */
export const aiOperations = [
  "chatCompletion",
  "generateVariables",
  "createSpeech",
  "createTranscription",
] as const;
export type AiOperation = (typeof aiOperations)[number];

/**
 * The wire protocol an AI kind's provider speaks. The chat-completions protocol of OpenAI has
 * dialects: its imitators (Mistral, vLLM, Ollama, …) differ in a few request fields.
 */
export type AiProtocol =
  | { name: "anthropicMessages" }
  | {
      name: "openAiChat";
      /** The request field limiting the answer's tokens (OpenAI's newer models only take `max_completion_tokens`). */
      maxTokensField: "max_completion_tokens" | "max_tokens";
      /** A streamed request asks for the token usage (`stream_options.include_usage`). */
      streamsUsage: boolean;
      /** How a forced tool call is asked for: the function by name, or `"any"` (Mistral). */
      forcedToolChoice: "named" | "any";
    };

/** The AI facts of a kind: how its provider is reached and which of its actions this server runs. */
export interface AiKindFacts {
  protocol: AiProtocol;
  /** The actions this server runs, by wire name; the kind's other actions are logged and skipped. */
  actions: Readonly<Partial<Record<AiActionName, AiOperation>>>;
  /** Where requests go when the credentials name no base URL; without one the credentials must. */
  defaultBaseUrl?: string;
  /**
   * The block sets its own base URL (`options.baseUrl`): used without a key when no credentials are
   * chosen, and it must equal the credentials' base URL when they are (the key goes nowhere else).
   */
  hasBlockBaseUrl?: true;
}

export const aiMessageRoles = ["system", "user", "assistant", "Dialogue"] as const;
export const aiMessageRoleSchema = z.enum(aiMessageRoles);

/** A prompt message; role `Dialogue` inserts the conversation held in `dialogueVariableId`. */
export const aiMessageSchema = z
  .object({
    id: textSchema.optional(),
    role: aiMessageRoleSchema.optional(),
    content: textSchema.optional(),
    dialogueVariableId: textSchema.optional(),
    /** Dialogue: who spoke first in the stored list. */
    startsBy: z.enum(["user", "assistant"]).optional(),
  })
  .meta({ id: "AiMessage" });
export type AiMessage = z.infer<typeof aiMessageSchema>;

/** A message as the model receives it: variables replaced, `Dialogue` expanded into turns. */
export interface AiModelMessage {
  role: Exclude<z.infer<typeof aiMessageRoleSchema>, "Dialogue">;
  content: string;
}

/** Values a chat completion can save into variables. */
export const aiResponseValues = [
  "Message content",
  "Total tokens",
  "Prompt tokens",
  "Completion tokens",
] as const;
export const aiResponseValueSchema = z.enum(aiResponseValues);

/** `item` absent means `Message content`. Providers may add their own items, hence a plain string. */
export const aiResponseMappingSchema = z
  .object({
    id: textSchema.optional(),
    item: textSchema.optional(),
    variableId: textSchema.optional(),
  })
  .meta({ id: "AiResponseMapping" });
export type AiResponseMapping = z.infer<typeof aiResponseMappingSchema>;

export const variableToExtractTypes = ["string", "number", "boolean", "enum"] as const;

/** Generate variables: one variable the model must fill from the prompt. */
export const variableToExtractSchema = z
  .object({
    id: textSchema.optional(),
    variableId: textSchema.optional(),
    type: z.enum(variableToExtractTypes).optional(),
    description: textSchema.optional(),
    isRequired: z.boolean().optional(),
    /** Allowed values of an `enum`. */
    values: z.array(textSchema).optional(),
  })
  .meta({ id: "VariableToExtract" });
export type VariableToExtract = z.infer<typeof variableToExtractSchema>;

export const aiToolParameterSchema = z.looseObject({
  name: textSchema.optional(),
  type: z.enum(["string", "number", "boolean", "enum"]).optional(),
  description: textSchema.optional(),
  required: z.boolean().optional(),
  values: z.array(textSchema).optional(),
});

/** A function the model may call; `code` runs in the sandbox with the parameters in scope. */
export const aiToolSchema = z
  .looseObject({
    id: textSchema.optional(),
    type: textSchema.optional(),
    name: textSchema.optional(),
    description: textSchema.optional(),
    parameters: z.array(aiToolParameterSchema).optional(),
    code: textSchema.optional(),
  })
  .meta({ id: "AiTool" });

/** Options common to every AI block and action. */
export const aiBaseOptionsShape = {
  credentialsId: textSchema.optional(),
  model: textSchema.optional(),
  messages: z.array(aiMessageSchema).optional(),
  tools: z.array(aiToolSchema).optional(),
  temperature: numberOrVariableSchema.optional(),
  maxTokens: numberOrVariableSchema.optional(),
  responseMapping: z.array(aiResponseMappingSchema).optional(),
  /** Generate variables. */
  prompt: textSchema.optional(),
  variablesToExtract: z.array(variableToExtractSchema).optional(),
};

export const defaultAiResponseValue = "Message content" satisfies (typeof aiResponseValues)[number];
export const defaultAiTemperature = 1;

const aiChatFields = [
  "model",
  "messages",
  "tools",
  "systemMessage",
  "dialogue",
  "temperature",
  "maxTokens",
  "responseMapping",
];

/** Top-level option keys each AI action uses; keys of no action (action, credentials) always show. */
const aiFieldsByAction: Record<string, readonly string[]> = {
  [aiActions.createChatCompletion]: aiChatFields,
  [aiActions.createChatMessage]: aiChatFields,
  [aiActions.generateVariables]: ["model", "prompt", "variablesToExtract", "temperature", "maxTokens"],
  [aiActions.createSpeech]: ["model", "input", "voice", "saveUrlInVariableId"],
  [aiActions.createTranscription]: ["model", "url", "transcriptionVariableId"],
  [aiActions.askAssistant]: ["assistantId", "threadVariableId", "message", "responseMapping"],
  [aiActions.askModel]: ["model", "message", "responseIdVariableId", "responseMapping"],
};
const aiActionFields = new Set(Object.values(aiFieldsByAction).flat());

/** `tools.<i>.parameters.<j>.values`: the allowed values of a tool's parameter. */
const toolParameterValuesKey = /^tools\.(\d+)\.parameters\.(\d+)\.values$/;

/**
 * Whether an option of an AI block shows for its current action (top-level keys), or inside a
 * function tool (a parameter's values only for an `enum`; a tool's `type` is always "function").
 * The legacy API version of OpenAI blocks is not used by this server, so it never shows.
 */
export function isAiOptionVisible(
  key: string,
  options: Record<string, unknown>,
  block: { defaultAction: string; hasBaseUrl: boolean },
): boolean | undefined {
  if (/^tools\.\d+\.type$/.test(key)) return false;
  const values = toolParameterValuesKey.exec(key);
  if (values) {
    const tools = Array.isArray(options.tools) ? options.tools : [];
    const parameters = tools[Number(values[1])]?.parameters;
    return Array.isArray(parameters) && parameters[Number(values[2])]?.type === "enum";
  }
  if (key.includes(".")) return undefined;
  if (key === "apiVersion") return false;
  if (key === "baseUrl") return block.hasBaseUrl;
  if (!aiActionFields.has(key)) return true;
  const action = typeof options.action === "string" ? options.action : block.defaultAction;
  return aiFieldsByAction[action]?.includes(key) ?? false;
}

/** The settings panel of an AI kind: fields by action (its own base URL when it has one), and a Test button. */
export function getAiBlockSettings(defaultAction: AiActionName, ai: AiKindFacts) {
  const block = { defaultAction, hasBaseUrl: ai.hasBlockBaseUrl === true };
  return {
    isFieldVisible: (key: string, options: Record<string, unknown>) => isAiOptionVisible(key, options, block),
    isTestable: true as const,
  };
}

/** `action · model` on the canvas, or null before an action is chosen. */
export function getAiBlockSummary(
  options: { action?: string; model?: string } | undefined,
  context: { optionValue(option: string, value: string): string },
): string | null {
  if (!options?.action) return null;
  const action = context.optionValue("action", options.action);
  return `${action}${options.model ? ` · ${options.model}` : ""}`;
}
