import { serializeVariableValue } from "@parley/engine";
import type { ChatLogInput, VariableValue } from "@parley/schemas";
import { createSafeFetchBridge } from "../../sandbox/createSafeFetchBridge";
import { isCodeIdentifier } from "../../sandbox/isCodeIdentifier";
import { runUserCode } from "../../sandbox/runUserCode";
import type { AiActionContext } from "../aiBlockContext";
import { readString } from "../aiBlockContext";
import {
  AiProviderError,
  type CompletionRequest,
  type TokenUsage,
  type ToolCall,
  type ToolConversationMessage,
  type ToolDefinition,
  type ToolStepResult,
} from "../aiTypes";

/** A chat completion asks the model at most this many times (as Typebot's function tools do). */
export const MAX_TOOL_STEPS = 6;
/** A tool's code runs at most this long (a Code block's budget), and never past the block's. */
const TOOL_CODE_TIMEOUT_MS = 10_000;

/** A block's tool as the loop runs it: its definition for the model and its code. */
export interface BlockTool {
  definition: ToolDefinition;
  code: string;
}

/** Provider names: letters, digits, `_` and `-`, 64 at most (OpenAI, Anthropic and Mistral agree). */
const toolNamePattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The block's tools (`options.tools`) with their parameters as a JSON Schema object; rows left
 * empty in the editor are skipped, an incomplete or misnamed tool is an error to show.
 */
export function readBlockTools(options: object): { tools: BlockTool[] } | { error: string } {
  const tools: BlockTool[] = [];
  const listed = "tools" in options && Array.isArray(options.tools) ? options.tools : [];
  for (const tool of listed as Record<string, unknown>[]) {
    const name = readString(tool.name)?.trim();
    const code = readString(tool.code);
    if (!name && !code) continue;
    if (!name || !toolNamePattern.test(name))
      return {
        error: `The tool "${name ?? ""}" needs a name made of letters, digits, "_" or "-" (64 at most)`,
      };
    if (!code) return { error: `The tool "${name}" has no code` };
    if (tools.some((known) => known.definition.name === name))
      return { error: `Two tools are named "${name}"` };
    const properties: Record<string, Record<string, unknown>> = {};
    const required: string[] = [];
    for (const parameter of Array.isArray(tool.parameters)
      ? (tool.parameters as Record<string, unknown>[])
      : []) {
      const parameterName = readString(parameter.name)?.trim();
      if (!parameterName) continue;
      if (!isCodeIdentifier(parameterName))
        return {
          error: `The parameter "${parameterName}" of the tool "${name}" must be a JavaScript name (letters, digits, "_" or "$", not a reserved word)`,
        };
      const description = readString(parameter.description);
      const values = Array.isArray(parameter.values)
        ? parameter.values.filter((value): value is string => typeof value === "string" && value !== "")
        : [];
      const type = parameter.type === "number" || parameter.type === "boolean" ? parameter.type : "string";
      properties[parameterName] = {
        type,
        ...(parameter.type === "enum" && values.length > 0 ? { enum: values } : {}),
        ...(description ? { description } : {}),
      };
      if (parameter.required === true) required.push(parameterName);
    }
    tools.push({
      definition: {
        name,
        description: readString(tool.description) ?? "",
        parameters: { type: "object", properties, required },
      },
      code,
    });
  }
  return { tools };
}

export interface ToolLoopOutcome {
  /** The model's final text, known whole; `deltas` are its pieces as the provider sent them. */
  content: string;
  deltas: string[];
  usage: TokenUsage | null;
  variableUpdates: { variableId: string; value: VariableValue }[];
  logs: ChatLogInput[];
}

/**
 * Asks the model with the block's tools until it answers with text: each step's tool calls run in
 * the sandbox (the parameters in scope, the bot's variables too), their results go back with the
 * calls' ids. A failed step, or more than MAX_TOOL_STEPS steps, is an error (with the tools' logs so far).
 * The whole loop holds to the block's time budget (`context.call.timeoutMs`).
 */
export async function runToolLoop(
  context: Pick<AiActionContext, "request" | "provider" | "call" | "label">,
  request: CompletionRequest,
  tools: BlockTool[],
): Promise<ToolLoopOutcome | { error: string; logs: ChatLogInput[] }> {
  const endsAt = Date.now() + context.call.timeoutMs;
  const remaining = () => Math.max(1, endsAt - Date.now());
  const variables = new Map(context.request.variables.map((variable) => [variable.id, variable]));
  const variableUpdates = new Map<string, VariableValue>();
  const logs: ChatLogInput[] = [];
  const messages: ToolConversationMessage[] = [...request.messages];
  let usage: TokenUsage | null = null;
  for (let step = 1; step <= MAX_TOOL_STEPS; step++) {
    const deltas: string[] = [];
    let result: ToolStepResult;
    try {
      const stream = await context.provider.streamToolStep(
        { ...request, messages, tools: tools.map((tool) => tool.definition) },
        { ...context.call, timeoutMs: remaining() },
      );
      for await (const delta of stream.deltas) deltas.push(delta);
      result = await stream.result();
    } catch (error) {
      // The tools' logs so far stay with the failure.
      return {
        error: error instanceof AiProviderError ? error.message : "The provider request failed",
        logs,
      };
    }
    usage = addUsage(usage, result.usage);
    if (result.toolCalls.length === 0)
      return {
        content: result.content,
        deltas,
        usage,
        variableUpdates: [...variableUpdates].map(([variableId, value]) => ({ variableId, value })),
        logs,
      };
    messages.push({ role: "assistant", content: result.content, toolCalls: result.toolCalls });
    for (const call of result.toolCalls) {
      const content = await runToolCall(call, tools, {
        label: context.label,
        signal: context.call.signal,
        allowList: context.call.allowList,
        timeoutMs: Math.min(TOOL_CODE_TIMEOUT_MS, remaining()),
        variables,
        variableUpdates,
        logs,
      });
      messages.push({ role: "tool", toolCallId: call.id, toolName: call.name, content });
    }
  }
  return {
    error: `The model was still calling tools after ${MAX_TOOL_STEPS} steps; it gave no answer`,
    logs,
  };
}

/** One call's result for the model: the code's returned value as text, or "Error: …" (also logged). */
async function runToolCall(
  call: ToolCall,
  tools: BlockTool[],
  options: {
    label: string;
    signal?: AbortSignal;
    allowList?: readonly string[];
    timeoutMs: number;
    variables: Map<string, { id: string; name: string; value: VariableValue }>;
    variableUpdates: Map<string, VariableValue>;
    logs: ChatLogInput[];
  },
): Promise<string> {
  const fail = (message: string) => {
    options.logs.push({
      status: "error",
      description: `${options.label}: the tool "${call.name}" failed`,
      details: message,
    });
    return `Error: ${message}`;
  };
  const tool = tools.find((candidate) => candidate.definition.name === call.name);
  if (!tool) return fail(`There is no tool named "${call.name}"`);
  const scope: Record<string, unknown> = {};
  for (const variable of options.variables.values()) {
    scope[variable.id] = variable.value;
    scope[variable.name] = variable.value;
  }
  const outcome = await runUserCode({
    code: tool.code,
    variables: { ...scope, ...call.arguments },
    timeoutMs: options.timeoutMs,
    fetch: createSafeFetchBridge({ signal: options.signal, allowList: options.allowList }),
  });
  if (!outcome.ok) return fail(outcome.error.message);
  const byName = new Map([...options.variables.values()].map((variable) => [variable.name, variable]));
  for (const [name, value] of Object.entries(outcome.setVariables)) {
    const variable = byName.get(name);
    if (!variable) continue;
    const serialized = serializeVariableValue(value);
    options.variables.set(variable.id, { ...variable, value: serialized });
    options.variableUpdates.set(variable.id, serialized);
  }
  const value = outcome.value;
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "null");
}

function addUsage(total: TokenUsage | null, step: TokenUsage | null): TokenUsage | null {
  if (!step) return total;
  if (!total) return step;
  return {
    promptTokens: total.promptTokens + step.promptTokens,
    completionTokens: total.completionTokens + step.completionTokens,
    totalTokens: total.totalTokens + step.totalTokens,
  };
}
