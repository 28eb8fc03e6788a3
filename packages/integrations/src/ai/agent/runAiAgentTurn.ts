import {
  type KnowledgeBaseWithCredentialsRow,
  readKnowledgeBasesWithCredentials,
} from "@parley/db/queries/readKnowledgeBasesWithCredentials";
import {
  AI_AGENT_STEP_LOG,
  type AiAgentFlowStep,
  type AiAgentTurnRequest,
  type AiAgentTurnResult,
} from "@parley/engine";
import {
  type ChatLogInput,
  defaultAiAgentOptions,
  getAiBlockDefinition,
  MAX_HANDOVER_SUMMARY_LENGTH,
  type MessageSource,
} from "@parley/schemas";
import { embeddingCredentialsTypes, type KnowledgeQueryResult } from "@parley/schemas/management/knowledge";
import { toWellFormedText } from "@parley/schemas/text";
import { decodeCredentialsRow } from "../../credentials/workspaceCredentials";
import { integrationsEnv } from "../../env";
import { type readEmbeddingEndpoint, toEmbeddingEndpoint } from "../../knowledge/embeddingsClient";
import { searchKnowledgeBase } from "../../knowledge/searchKnowledgeBase";
import type { AiServices } from "../aiBlockContext";
import { AiProviderError, type ToolCall, type ToolConversationMessage } from "../aiTypes";
import { createAiProvider } from "../createAiProvider";
import { getCallOptions } from "../executeAiBlock";
import { resolveAiEndpoint } from "../resolveAiEndpoint";
import type { RecordAiAgentStep } from "./agentRunSteps";
import { type AgentTool, buildAgentTools } from "./agentTools";
import { runHttpTool } from "./runHttpTool";

/** Passages one `search_knowledge` call hands the model. */
export const AGENT_PASSAGES_PER_SEARCH = 6;

type KnowledgeBaseRow = Omit<KnowledgeBaseWithCredentialsRow, "credentials"> & {
  /** Its embeddings endpoint, from the credentials read with it. */
  endpoint: Awaited<ReturnType<typeof readEmbeddingEndpoint>>;
};

/**
 * One visitor message to an AI agent: model steps with tools until the model answers in text, calls a
 * flow tool (a path, the end) or says the knowledge has no answer, or until `maxSteps` or the token
 * budget runs out. Every failure (credentials, provider, limits) answers the block's fallback text with
 * a log saying why; the chat goes on.
 *
 * With `emit` (a streaming client), every step's text is passed on as the provider sends it, its
 * citation markers already renumbered, and the reply is all the text passed on (a fallback's text
 * included): what the visitor saw. With `record` (the builder's test run), each step is told as it ends.
 */
export async function runAiAgentTurn(
  request: AiAgentTurnRequest,
  services: AiServices,
  emit?: (delta: string) => void,
  record?: RecordAiAgentStep,
): Promise<AiAgentTurnResult> {
  // A preview logs each step for the builder's preview (the answer is its bubble).
  const stepLogs: ChatLogInput[] = [];
  const recordStep: RecordAiAgentStep | undefined =
    record || request.isPreview
      ? (step) => {
          record?.(step);
          if (request.isPreview)
            stepLogs.push({ status: "info", description: AI_AGENT_STEP_LOG, details: JSON.stringify(step) });
        }
      : undefined;
  const result = await runTurn(request, services, emit, recordStep);
  record?.({ type: "answer", text: result.reply, sources: result.sources, isFallback: result.isFallback });
  return stepLogs.length > 0 ? { ...result, logs: [...stepLogs, ...result.logs] } : result;
}

async function runTurn(
  request: AiAgentTurnRequest,
  services: AiServices,
  emit: ((delta: string) => void) | undefined,
  record: RecordAiAgentStep | undefined,
): Promise<AiAgentTurnResult> {
  const options = request.block.options ?? {};
  const logs: ChatLogInput[] = [];
  const fallbackText = options.fallbackMessage?.trim()
    ? request.parseVariables(options.fallbackMessage).trim()
    : defaultAiAgentOptions.fallbackMessage;
  const variableUpdates: AiAgentTurnResult["variableUpdates"] = [];
  const citations = new Citations();
  const spoken = emit ? new SpokenText(citations, emit) : undefined;
  const fallback = (
    log: ChatLogInput | null,
    step: AiAgentFlowStep = { type: "stay" },
  ): AiAgentTurnResult => ({
    reply: spoken ? spoken.finish(fallbackText) : fallbackText,
    sources: [],
    isFallback: true,
    variableUpdates,
    step,
    logs: log ? [...logs, log] : logs,
  });
  const provider = options.provider ?? defaultAiAgentOptions.provider;
  const definition = getAiBlockDefinition(provider);
  if (!definition)
    return fallback({
      status: "error",
      description: `AI agent: the provider "${provider}" is not supported`,
    });
  // What the turn's read statement read with the session, when it is of this workspace.
  const reads =
    services.aiAgentReads?.workspaceId === request.workspaceId ? services.aiAgentReads : undefined;
  const resolved = await resolveAiEndpoint(services.getPrisma(), {
    workspaceId: request.workspaceId,
    definition,
    credentialsId: options.credentialsId,
    blockBaseUrl: undefined,
    ...(reads ? { stored: { credentialsId: reads.credentialsId, row: reads.credentials } } : {}),
  });
  if (!resolved.ok)
    return fallback({
      status: "error",
      description: "AI agent could not reach its model",
      details: resolved.error,
    });
  // The bases are taken at the first search, scoped to the workspace: those read with the session when they
  // are this block's, else read then (a turn without a search reads nothing more).
  const knowledgeBaseIds = [...new Set(options.knowledgeBaseIds ?? [])];
  let knowledgeBases: Promise<KnowledgeBaseRow[]> | undefined;
  const readBases = () => {
    knowledgeBases ??= (
      reads && isSameSet(reads.knowledgeBaseIds, knowledgeBaseIds)
        ? Promise.resolve(toKnowledgeBases(reads.knowledgeBases, knowledgeBaseIds))
        : readKnowledgeBases(services, request.workspaceId, knowledgeBaseIds)
    ).then(({ found, missing }) => {
      if (missing.length > 0)
        logs.push({
          status: "error",
          description: "AI agent: knowledge bases not found in this workspace were ignored",
          details: missing.join(", "),
        });
      return found;
    });
    return knowledgeBases;
  };
  const hasKnowledge = knowledgeBaseIds.length > 0;
  const { tools, problems } = buildAgentTools(request, hasKnowledge);
  for (const problem of problems) logs.push({ status: "info", description: `AI agent: ${problem}` });
  const model = options.model?.trim() || defaultAiAgentOptions.model;
  const maxSteps = options.maxSteps ?? defaultAiAgentOptions.maxSteps;
  const tokenBudget = options.maxTokensPerTurn ?? defaultAiAgentOptions.maxTokensPerTurn;
  const aiProvider = createAiProvider(resolved.endpoint);
  const timeoutMs = emit ? integrationsEnv.AI_STREAM_TIMEOUT_MS : integrationsEnv.AI_REQUEST_TIMEOUT_MS;
  const messages: ToolConversationMessage[] = [
    { role: "system", content: buildSystemPrompt(request, hasKnowledge) },
    ...request.dialogue,
    { role: "user", content: request.message },
  ];
  let tokensUsed = 0;
  for (let step = 1; step <= maxSteps; step++) {
    let result: Awaited<ReturnType<Awaited<ReturnType<typeof aiProvider.streamToolStep>>["result"]>>;
    try {
      const stream = await aiProvider.streamToolStep(
        { model, messages, tools: tools.map((tool) => tool.definition) },
        getCallOptions(services, timeoutMs),
      );
      if (spoken) {
        spoken.startStep();
        for await (const delta of stream.deltas) spoken.push(delta);
      }
      result = await stream.result();
    } catch (error) {
      return fallback({
        status: "error",
        description: `AI agent: the ${definition.catalogue.label} request failed`,
        details: error instanceof AiProviderError || error instanceof Error ? error.message : String(error),
      });
    }
    tokensUsed += result.usage?.totalTokens ?? 0;
    if (result.toolCalls.length === 0) {
      if (spoken) {
        if (!spoken.hasText())
          return fallback({ status: "error", description: "AI agent: the model answered nothing" });
        return {
          reply: spoken.finish(),
          sources: spoken.sources(),
          isFallback: false,
          variableUpdates,
          step: { type: "stay" },
          logs,
        };
      }
      const text = result.content.trim();
      if (text === "")
        return fallback({ status: "error", description: "AI agent: the model answered nothing" });
      const cited = citations.cite(text);
      return {
        reply: cited.text,
        sources: cited.sources,
        isFallback: false,
        variableUpdates,
        step: { type: "stay" },
        logs,
      };
    }
    if (tokensUsed > tokenBudget)
      return fallback({
        status: "error",
        description: `AI agent stopped: this message used ${tokensUsed} tokens, over its budget of ${tokenBudget}`,
      });
    messages.push({ role: "assistant", content: result.content, toolCalls: result.toolCalls });
    // The text a step says beside its tool calls (a final text is the answer, recorded as such).
    if (record && result.content.trim() !== "")
      record({ type: "modelText", step, text: result.content.trim() });
    for (const call of result.toolCalls) {
      const tool = tools.find((candidate) => candidate.definition.name === call.name);
      if (!tool) {
        // The model is told and may try again; the author sees the call in the result's log.
        logs.push({
          status: "error",
          description: "AI agent: the model called a tool that does not exist",
          details: `${call.name.slice(0, 120)} (its tools: ${tools.map((candidate) => candidate.definition.name).join(", ")})`,
        });
        messages.push(toolMessage(call, `There is no tool named ${call.name}.`));
        record?.({
          type: "toolCall",
          step,
          name: call.name,
          arguments: call.arguments,
          result: `There is no tool named ${call.name}.`,
        });
        continue;
      }
      const outcome = await runTool(tool, call, {
        request,
        services,
        readBases,
        citations,
        logs,
        timeoutMs,
        record:
          record && ((passages) => record({ type: "retrieval", step, query: readQuery(call), passages })),
      });
      record?.({
        type: "toolCall",
        step,
        name: call.name,
        arguments: call.arguments,
        result: outcome.type === "result" ? outcome.content : describeFlowStep(outcome.step),
      });
      if (outcome.type === "flow") {
        if (outcome.step.type === "stay")
          return fallback({
            status: "info",
            description: "AI agent: the knowledge base has no answer to the question",
          });
        const cited = spoken
          ? { text: spoken.finish(), sources: spoken.sources() }
          : citations.cite(result.content.trim());
        return {
          reply: cited.text,
          sources: cited.sources,
          isFallback: false,
          variableUpdates,
          step: outcome.step,
          logs,
        };
      }
      if (outcome.variableUpdate) variableUpdates.push(outcome.variableUpdate);
      messages.push(toolMessage(call, outcome.content));
    }
  }
  return fallback({
    status: "error",
    description: `AI agent stopped after ${maxSteps} steps (its maximum) without an answer`,
  });
}

type ToolOutcome =
  | { type: "result"; content: string; variableUpdate?: { variableId: string; value: string } }
  /** `stay`: the model said the knowledge has no answer (the fallback). */
  | { type: "flow"; step: AiAgentFlowStep };

async function runTool(
  tool: AgentTool,
  call: ToolCall,
  context: {
    request: AiAgentTurnRequest;
    services: AiServices;
    readBases: () => Promise<KnowledgeBaseRow[]>;
    citations: Citations;
    logs: ChatLogInput[];
    timeoutMs: number;
    /** Tells the passages a search retrieved (the test run). */
    record?: (passages: KnowledgeQueryResult[]) => void;
  },
): Promise<ToolOutcome> {
  switch (tool.kind) {
    case "searchKnowledge": {
      const query = readQuery(call);
      if (query === "") return { type: "result", content: "The query is empty." };
      const passages = await searchAll(
        context.services,
        await context.readBases(),
        query,
        context.logs,
        context.timeoutMs,
      );
      context.record?.(passages);
      if (passages.length === 0) return { type: "result", content: "No passage matches this query." };
      return {
        type: "result",
        content: passages
          .map(
            (passage) =>
              `[${context.citations.number(passage.source)}] ${passage.source.name}${passage.location ? ` > ${passage.location}` : ""}\n${passage.text}`,
          )
          .join("\n\n"),
      };
    }
    case "noAnswer":
      return { type: "flow", step: { type: "stay" } };
    case "httpRequest": {
      const outcome = await runHttpTool(tool.tool, call.arguments, {
        parseVariables: context.request.parseVariables,
        allowList: context.services.allowList,
        signal: context.services.signal,
      });
      if (outcome.ok) return { type: "result", content: outcome.result };
      context.logs.push({
        status: "error",
        description: `AI agent: the HTTP tool "${tool.definition.name}" failed`,
        details: outcome.error,
      });
      return { type: "result", content: `The request failed: ${outcome.error}` };
    }
    case "setVariable": {
      const value = call.arguments.value;
      const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
      return {
        type: "result",
        content: "Saved.",
        variableUpdate: { variableId: tool.variableId, value: text },
      };
    }
    case "endConversation":
      return { type: "flow", step: { type: "end" } };
    case "path":
      return { type: "flow", step: { type: "path", itemId: tool.itemId } };
    case "handover": {
      // The summary is required: without one the model is told and may call again.
      const summary = readSummary(call);
      if (summary === "")
        return {
          type: "result",
          content: "The summary is required: call again with a summary of the conversation.",
        };
      return { type: "flow", step: { type: "path", itemId: tool.itemId, summary } };
    }
  }
}

/**
 * The bases of the bot's workspace among `ids` with their embeddings credentials (one statement: the
 * credentials joined, of the same workspace); ids of another workspace or none are `missing`.
 */
async function readKnowledgeBases(
  services: AiServices,
  workspaceId: string,
  ids: readonly string[],
): Promise<{ found: KnowledgeBaseRow[]; missing: string[] }> {
  if (ids.length === 0) return { found: [], missing: [] };
  return toKnowledgeBases(
    await readKnowledgeBasesWithCredentials(services.getPrisma(), workspaceId, ids),
    ids,
  );
}

/** The bases read (with their credentials) among `ids`, each with its embeddings endpoint; ids not read are `missing`. */
function toKnowledgeBases(
  rows: readonly KnowledgeBaseWithCredentialsRow[],
  ids: readonly string[],
): { found: KnowledgeBaseRow[]; missing: string[] } {
  const order = (id: string) => ids.indexOf(id);
  const found = [...rows]
    .sort((a, b) => order(a.id) - order(b.id))
    .map(({ credentials, ...base }) => ({
      ...base,
      endpoint: base.credentialsId
        ? toEmbeddingEndpoint(
            decodeCredentialsRow(credentials, {
              credentialsId: base.credentialsId,
              types: embeddingCredentialsTypes,
            }),
            { credentialsId: base.credentialsId, model: base.embeddingModel },
          )
        : {
            ok: false as const,
            error: "The knowledge base has no AI credentials: choose some in its settings",
          },
    }));
  return { found, missing: ids.filter((id) => !found.some((base) => base.id === id)) };
}

const isSameSet = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && b.every((id) => a.includes(id));

/** The best passages of every base for the query, by fused score. A base that fails is logged and skipped. */
async function searchAll(
  services: AiServices,
  knowledgeBases: KnowledgeBaseRow[],
  query: string,
  logs: ChatLogInput[],
  timeoutMs: number,
): Promise<KnowledgeQueryResult[]> {
  const outcomes = await Promise.all(
    knowledgeBases.map((knowledgeBase) =>
      searchKnowledgeBase(services.getPrisma(), {
        knowledgeBase,
        query,
        topK: AGENT_PASSAGES_PER_SEARCH,
        call: getCallOptions(services, timeoutMs),
        endpoint: knowledgeBase.endpoint,
      }).then((outcome) => ({ knowledgeBase, outcome })),
    ),
  );
  const passages: KnowledgeQueryResult[] = [];
  for (const { knowledgeBase, outcome } of outcomes) {
    if (outcome.ok) passages.push(...outcome.results);
    else
      logs.push({
        status: "error",
        description: `AI agent: the knowledge base "${knowledgeBase.name}" could not be searched`,
        details: outcome.error,
      });
  }
  return passages.sort((a, b) => b.score - a.score).slice(0, AGENT_PASSAGES_PER_SEARCH);
}

/** A hand-over's summary, cleaned (text PostgreSQL can store) and cut at `MAX_HANDOVER_SUMMARY_LENGTH`. */
const readSummary = (call: ToolCall): string => {
  const { summary } = call.arguments;
  if (typeof summary !== "string") return "";
  // A cut between the two halves of a surrogate pair drops the lone half.
  const cut = summary
    .trim()
    .slice(0, MAX_HANDOVER_SUMMARY_LENGTH)
    .replace(/[\ud800-\udbff]$/, "");
  return toWellFormedText(cut).trim();
};

const readQuery = (call: ToolCall): string =>
  typeof call.arguments.query === "string" ? call.arguments.query.trim() : "";

/** A flow tool's effect, as the test run shows it. */
function describeFlowStep(step: AiAgentFlowStep): string {
  switch (step.type) {
    case "stay":
      return "No answer in the knowledge: the fallback is said";
    case "end":
      return "The conversation ends";
    case "path":
      return step.summary === undefined
        ? "The flow follows this path"
        : "The conversation is handed over to a person, with the summary";
  }
}

const toolMessage = (call: ToolCall, content: string): ToolConversationMessage => ({
  role: "tool",
  toolCallId: call.id,
  toolName: call.name,
  content,
});

function buildSystemPrompt(request: AiAgentTurnRequest, hasKnowledge: boolean): string {
  const written = request.block.options?.instructions?.trim()
    ? request.parseVariables(request.block.options.instructions).trim()
    : "You are a helpful assistant.";
  const instructions = request.language
    ? `${written}\n\n${describeVisitorLanguage(request.language)}`
    : written;
  if (!hasKnowledge) return instructions;
  return [
    instructions,
    "",
    "Answer questions about the business only from the passages search_knowledge returns: search first.",
    "Each passage starts with its source's number in brackets, like [1]. Cite the sources you used with these numbers, e.g. “Returns are free [1].”",
    "When the passages do not contain the answer, call no_answer instead of answering; never invent an answer.",
  ].join("\n");
}

/**
 * The sentence telling the model which language to answer in (a bot with several languages): the language's
 * English name and its tag, so the model knows it whatever language the author's instructions are written in.
 */
export function describeVisitorLanguage(language: string): string {
  const name = englishLanguageName(language);
  return name
    ? `The visitor's language is ${name} (${language}): answer in ${name}, unless the visitor writes in another language.`
    : `The visitor's language is ${language}: answer in it, unless the visitor writes in another language.`;
}

/** "French" for `fr`, "Brazilian Portuguese" for `pt-BR`; undefined for a tag Intl has no name for. */
function englishLanguageName(language: string): string | undefined {
  try {
    const name = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }).of(language);
    return name && name !== language ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sources passages came from this turn, numbered in the order the model first saw them; an answer's
 * markers (`[2]`) say which it used. Its sources are those it cited, renumbered in the order it cites them
 * (the markers rewritten to match), or every source it was shown when it cites none.
 */
class Citations {
  private readonly seen: MessageSource[] = [];

  number(source: { id: string; name: string; url?: string }): number {
    const index = this.seen.findIndex((candidate) => candidate.id === source.id);
    if (index >= 0) return index + 1;
    this.seen.push({ id: source.id, name: source.name, ...(source.url ? { url: source.url } : {}) });
    return this.seen.length;
  }

  cite(text: string): { text: string; sources: MessageSource[] } {
    const order: number[] = [];
    const rewritten = this.rewrite(text, order);
    return { text: rewritten, sources: this.sourcesOf(order) };
  }

  /** The markers of `text` renumbered by `order` (the numbers cited so far, extended by the new ones). */
  rewrite(text: string, order: number[]): string {
    if (this.seen.length === 0) return text;
    return text.replace(/\[(\d{1,3})\]/g, (whole, digits: string) => {
      const cited = Number(digits);
      if (cited < 1 || cited > this.seen.length) return whole;
      if (!order.includes(cited)) order.push(cited);
      return `[${order.indexOf(cited) + 1}]`;
    });
  }

  sourcesOf(order: number[]): MessageSource[] {
    if (order.length === 0) return [...this.seen];
    return order.map((cited) => this.seen[cited - 1] as MessageSource);
  }
}

/**
 * The text a streaming client is sent, as it arrives: markers renumbered as the answer first cites them
 * (a marker cut between two pieces waits for the next), the text of successive steps apart by a blank line.
 */
class SpokenText {
  private text = "";
  private carry = "";
  private isNewStep = false;
  private readonly order: number[] = [];

  constructor(
    private readonly citations: Citations,
    private readonly emit: (delta: string) => void,
  ) {}

  startStep(): void {
    this.isNewStep = true;
  }

  push(delta: string): void {
    const pending = this.carry + delta;
    const cut = /\[\d{0,3}$/.exec(pending);
    this.carry = cut ? pending.slice(cut.index) : "";
    this.say(cut ? pending.slice(0, cut.index) : pending);
  }

  hasText(): boolean {
    return (this.text + this.carry).trim() !== "";
  }

  /** The whole text once the answer ends, `closing` (a fallback's text) said after what was said. */
  finish(closing?: string): string {
    const rest = this.carry;
    this.carry = "";
    this.say(rest);
    if (closing) {
      this.isNewStep = true;
      this.say(closing);
    }
    return this.text.trim();
  }

  sources(): MessageSource[] {
    return this.citations.sourcesOf(this.order);
  }

  private say(piece: string): void {
    if (piece === "") return;
    if (this.isNewStep && this.text.trim() !== "") piece = `\n\n${piece.trimStart()}`;
    this.isNewStep = false;
    const rewritten = this.citations.rewrite(piece, this.order);
    this.text += rewritten;
    this.emit(rewritten);
  }
}
