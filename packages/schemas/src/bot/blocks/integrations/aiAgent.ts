import { z } from "zod";
import {
  anthropicCredentials,
  mistralCredentials,
  openAiCompatibleCredentials,
  openAiCredentials,
} from "../../../credentials/aiCredentials";
import { jsonValueSchema, textSchema } from "../../../text";
import { blockBaseSchema, itemBaseSchema, keyValueSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { httpMethodSchema } from "./httpRequest";

/**
 * The AI kinds whose protocol the agent speaks, by their wire type: the credentials of that kind (same
 * workspace) say where requests go and with which key.
 */
export const aiAgentProviders = [
  openAiCredentials.type,
  anthropicCredentials.type,
  mistralCredentials.type,
  openAiCompatibleCredentials.type,
] as const;
export type AiAgentProvider = (typeof aiAgentProviders)[number];

/** The credentials kind of each provider (the kind of the same wire type). */
export const aiAgentProviderCredentials = {
  [openAiCredentials.type]: openAiCredentials,
  [anthropicCredentials.type]: anthropicCredentials,
  [mistralCredentials.type]: mistralCredentials,
  [openAiCompatibleCredentials.type]: openAiCompatibleCredentials,
} as const satisfies Record<AiAgentProvider, { type: AiAgentProvider }>;

/** A tool's name as the model calls it (the protocols' own rule: letters, digits, `_` and `-`). */
export const aiAgentToolNameSchema = textSchema
  .regex(/^[a-zA-Z0-9_-]{1,64}$/, "Letters, digits, _ and - only, at most 64")
  .meta({ example: "track_order" });

/** The most model steps one visitor message may take. */
export const maxAiAgentSteps = 20;

/** Looks the question up in the block's knowledge bases (offered anyway when it has some; this sets its description). */
const searchKnowledgeToolSchema = z.object({
  id: textSchema.min(1),
  type: z.literal("searchKnowledge"),
  description: textSchema.optional(),
});

/**
 * A request to the author's service. `{{parameter}}` in the URL, headers and body is replaced by the
 * argument the model gave (`{{Variable}}` by the variable's value); the request goes through the same
 * address rules as the HTTP request block. The result handed to the model is the body, or the value at
 * `responsePath` (dotted, `data.items.0.status`) of a JSON body.
 */
const httpRequestToolSchema = z.object({
  id: textSchema.min(1),
  type: z.literal("httpRequest"),
  name: aiAgentToolNameSchema,
  description: textSchema.max(1_000).optional(),
  /** A JSON Schema object (`{type: "object", properties, required}`) the model's arguments follow. */
  parameters: z.record(textSchema, jsonValueSchema).optional(),
  method: httpMethodSchema.optional(),
  url: textSchema.optional(),
  headers: z.array(keyValueSchema).optional(),
  body: textSchema.optional(),
  responsePath: textSchema.optional(),
});

/** Saves what the model found out (the visitor's e-mail, an order number) into a variable. */
const setVariableToolSchema = z.object({
  id: textSchema.min(1),
  type: z.literal("setVariable"),
  name: aiAgentToolNameSchema.optional(),
  variableId: textSchema.optional(),
  description: textSchema.max(1_000).optional(),
});

/** Ends the conversation when the model judges it over. */
const endConversationToolSchema = z.object({
  id: textSchema.min(1),
  type: z.literal("endConversation"),
  description: textSchema.max(1_000).optional(),
});

export const aiAgentToolSchema = z.discriminatedUnion("type", [
  searchKnowledgeToolSchema,
  httpRequestToolSchema,
  setVariableToolSchema,
  endConversationToolSchema,
]);
export type AiAgentTool = z.infer<typeof aiAgentToolSchema>;
export type AiAgentHttpTool = z.infer<typeof httpRequestToolSchema>;

/** A "go to a group" tool: an item with its own exit on the canvas; the model calling it follows that edge. */
export const aiAgentPathSchema = itemBaseSchema.extend({
  name: aiAgentToolNameSchema.optional(),
  description: textSchema.max(1_000).optional(),
  /**
   * Hands the conversation over to a person: the model must pass a `summary` of the conversation, which the
   * Talk to a human block the path leads to records on the inbox conversation (and `summaryVariableId` receives).
   */
  isHumanHandover: z.boolean().optional(),
  /** Receives the summary the model passed when it handed over (hand-over paths only). */
  summaryVariableId: textSchema.optional(),
});
export type AiAgentPath = z.infer<typeof aiAgentPathSchema>;

export const aiAgentOptionsSchema = z
  .object({
    provider: z.enum(aiAgentProviders),
    /** AI credentials of the bot's workspace, of the `provider` kind. */
    credentialsId: textSchema,
    model: textSchema,
    instructions: textSchema,
    /** Knowledge bases of the bot's workspace the agent searches (a `search_knowledge` tool); others are ignored with a log. */
    knowledgeBaseIds: z.array(textSchema).max(20),
    tools: z.array(aiAgentToolSchema).max(30),
    /** Model steps per visitor message (each tool round is one). */
    maxSteps: z.number().int().min(1).max(maxAiAgentSteps),
    /** Tokens (prompt and completion, every step) one visitor message may spend. */
    maxTokensPerTurn: z.number().int().min(100).max(1_000_000),
    /** Said first, before the agent waits for the visitor; without it the agent waits at once. */
    openingMessage: textSchema,
    /** Receives each answer. */
    replyVariableId: textSchema,
    /** Receives the sources of the last answer, a list of their names. */
    sourcesVariableId: textSchema,
    /** Said when the knowledge does not support an answer, or the agent fails (provider error, step or token limit). */
    fallbackMessage: textSchema,
    /** After the fallback: stay with the visitor (`stay`) or leave along the block's own exit (`leave`). */
    onFallback: z.enum(["stay", "leave"]),
  })
  .partial();
export type AiAgentOptions = z.infer<typeof aiAgentOptionsSchema>;

export const aiAgentBlockSchema = blockBaseSchema.extend({
  type: z.literal("AI agent"),
  /** Its "go to a group" tools. */
  items: z.array(aiAgentPathSchema).max(30),
  options: aiAgentOptionsSchema.optional(),
});
export type AiAgentBlock = z.infer<typeof aiAgentBlockSchema>;

export const defaultAiAgentOptions = {
  provider: "openai",
  model: "gpt-4o-mini",
  maxSteps: 6,
  maxTokensPerTurn: 20_000,
  fallbackMessage: "Sorry, I could not find a reliable answer to that.",
  onFallback: "stay",
} as const satisfies AiAgentOptions;

/** A hand-over path's tool name when the author gave none. */
export const AI_AGENT_HANDOVER_TOOL = "hand_over_to_human";

/** The longest summary a hand-over keeps (a longer one the model passes is cut). */
export const MAX_HANDOVER_SUMMARY_LENGTH = 4_000;

/** The name the model calls a "go to a group" tool by, when the author gave none. */
export const getAiAgentPathToolName = (path: AiAgentPath, index: number): string =>
  path.name ?? (path.isHumanHandover ? AI_AGENT_HANDOVER_TOOL : `go_to_path_${index + 1}`);

/**
 * `AI agent`: converses with the visitor, answering from its knowledge bases (with the sources it used)
 * and calling tools, until a tool takes the flow elsewhere. This product's own kind (Typebot has none).
 */
export const aiAgentBlock = defineBlock({
  type: "AI agent",
  schema: aiAgentBlockSchema,
  category: "integration",
  credentials: openAiCredentials,
  defaults: defaultAiAgentOptions,
  catalogue: {
    label: "AI agent",
    icon: "Bot",
    keywords: "ai agent assistant knowledge base rag tools function calling citations",
  },
  initialFields: () => ({ items: [] }),
  getSummary: (block, context) => {
    if (!block.options?.credentialsId) return null;
    const model = block.options.model ?? defaultAiAgentOptions.model;
    const count = block.options.knowledgeBaseIds?.length ?? 0;
    return count
      ? context.t("agentModelWithKnowledge", { model, count })
      : context.t("agentModel", { model });
  },
  canvas: {
    hasItemRows: true,
    hasDefaultExit: (block) => block.options?.onFallback === "leave",
    getItemSummary: (_block, item, context) =>
      item.isHumanHandover
        ? item.name
          ? context.t("handOverToHumanNamed", { name: item.name })
          : context.t("handOverToHuman")
        : item.name
          ? `${item.name}${item.description ? `: ${item.description}` : ""}`
          : null,
    itemPlaceholder: "agentPathPlaceholder",
    defaultExitLabel: "agentAfterFallback",
  },
  settings: {
    credentialsOf: (options) =>
      aiAgentProviderCredentials[options.provider ?? defaultAiAgentOptions.provider],
    fieldLabels: {
      provider: "Provider",
      credentialsId: "Credentials",
      instructions: "Instructions",
      knowledgeBaseIds: "Knowledge bases",
      maxSteps: "Most model steps per message",
      maxTokensPerTurn: "Token budget per message",
      openingMessage: "Opening message",
      replyVariableId: "Save each answer in",
      sourcesVariableId: "Save the sources in",
      fallbackMessage: "Answer when unsupported",
      onFallback: "After that answer",
      tools: "Tools",
      parameters: "Parameters",
      method: "Method",
      headers: "Headers",
      responsePath: "Response path",
      variableId: "Variable",
    },
    items: {
      name: "path",
      heading: (index) => `Go to a group ${index + 1}`,
      addLabel: "a path (go to a group tool)",
      create: (createId) => ({ id: createId() }),
      isFieldVisible: (key, item) =>
        key === "summaryVariableId" ? item.isHumanHandover === true : undefined,
    },
  },
});
