import type { AiBlockResult } from "@parley/engine";
import type { AiMessage, VariableValue } from "@parley/schemas";
import { type AiActionContext, errorResult, readString } from "../aiBlockContext";
import { readNumberOption } from "../buildChatMessages";
import { describeError, prepareCompletion } from "./createChatCompletion";

const TOOL_NAME = "save_variables";

/**
 * Generate variables: the model fills a JSON schema (one property per variable) through a forced
 * tool call; each value it gives is written to its variable, the others are left as they were.
 */
export async function generateVariables(context: AiActionContext): Promise<AiBlockResult> {
  const { request, options, label } = context;
  const wanted = (options.variablesToExtract ?? []).flatMap((entry) => {
    const variable = request.variables.find((candidate) => candidate.id === entry.variableId);
    return variable ? [{ ...entry, variable }] : [];
  });
  if (wanted.length === 0) return errorResult(`${label}: no variable to extract`);
  const prompt = request.parseVariables(readString(options.prompt) ?? "");
  const promptMessages: AiMessage[] = [
    ...(options.messages ?? []),
    ...(prompt ? [{ role: "user" as const, content: prompt }] : []),
  ];
  const prepared = prepareCompletion(context, promptMessages);
  if (!prepared.ok) return prepared.result;

  const keys = new Map<string, string>();
  const properties: Record<string, Record<string, unknown>> = {};
  for (const entry of wanted) {
    const key = toPropertyKey(entry.variable.name, keys);
    keys.set(key, entry.variable.id);
    properties[key] = {
      ...(entry.type === "number"
        ? { type: "number" }
        : entry.type === "boolean"
          ? { type: "boolean" }
          : { type: "string" }),
      ...(entry.type === "enum" && entry.values?.length ? { enum: entry.values } : {}),
      description: [`The value of "${entry.variable.name}".`, entry.description].filter(Boolean).join(" "),
    };
  }
  const schema = {
    type: "object",
    properties,
    required: wanted
      .filter((entry) => entry.isRequired)
      .map((entry) => [...keys].find(([, id]) => id === entry.variable.id)![0]),
  };
  const messages = [
    {
      role: "system" as const,
      content: `Extract the requested values from the conversation and call ${TOOL_NAME} with them. Leave out a value the conversation does not give.`,
    },
    ...prepared.request.messages,
  ];
  try {
    const values = await context.provider.extract(
      {
        model: prepared.request.model,
        messages,
        toolName: TOOL_NAME,
        toolDescription: "Saves the values extracted from the conversation",
        schema,
        temperature: readNumberOption(options.temperature, request) ?? 0,
        maxTokens: prepared.request.maxTokens,
      },
      context.call,
    );
    const variableUpdates: { variableId: string; value: VariableValue }[] = [];
    for (const [key, variableId] of keys) {
      const value = toVariableValue(values[key]);
      if (value !== null) variableUpdates.push({ variableId, value });
    }
    return { variableUpdates, logs: [] };
  } catch (error) {
    return errorResult(`${label}: generating variables failed`, describeError(error));
  }
}

/** Tool parameter names allow letters, digits, `_` and `-`; variable names are mapped onto that. */
function toPropertyKey(name: string, taken: Map<string, string>): string {
  const base =
    name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9_-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 60) || "value";
  let key = base;
  for (let suffix = 2; taken.has(key); suffix++) key = `${base}_${suffix}`;
  return key;
}

function toVariableValue(value: unknown): VariableValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value))
    return value.map((item) =>
      item === null ? null : typeof item === "string" ? item : JSON.stringify(item),
    );
  return JSON.stringify(value);
}
