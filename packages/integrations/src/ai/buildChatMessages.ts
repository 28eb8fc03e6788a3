import type { VariableView } from "@parley/engine";
import type { AiMessage, AiModelMessage } from "@parley/schemas";

export interface PromptContext {
  variables: VariableView[];
  parseVariables(text: string): string;
}

/**
 * The messages sent to the model: system/user/assistant messages with their variables replaced, and
 * `Dialogue` entries expanded from a list variable into alternating turns (user first unless
 * `startsBy` says assistant). Empty messages are left out.
 */
export function buildChatMessages(messages: AiMessage[], context: PromptContext): AiModelMessage[] {
  const built: AiModelMessage[] = [];
  for (const message of messages) {
    if (message.role === "Dialogue") {
      built.push(...expandDialogue(message.dialogueVariableId, message.startsBy, context.variables));
      continue;
    }
    const content = context.parseVariables(message.content ?? "");
    if (content.trim() === "") continue;
    const role = message.role === "system" || message.role === "assistant" ? message.role : "user";
    built.push({ role, content });
  }
  return built;
}

export function expandDialogue(
  variableId: string | undefined,
  startsBy: string | undefined,
  variables: VariableView[],
): AiModelMessage[] {
  const value = variables.find((variable) => variable.id === variableId)?.value;
  const entries = (Array.isArray(value) ? value : value ? [value] : []).filter(
    (entry): entry is string => typeof entry === "string" && entry.trim() !== "",
  );
  const firstRole = startsBy === "assistant" ? "assistant" : "user";
  const otherRole = firstRole === "user" ? "assistant" : "user";
  return entries.map((content, index) => ({ role: index % 2 === 0 ? firstRole : otherRole, content }));
}

/** A number option (temperature, max tokens) that may be a `{{Variable}}`; unset or not a number → undefined. */
export function readNumberOption(value: unknown, context: PromptContext): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const parsed = Number(context.parseVariables(value).trim().replace(",", "."));
  return Number.isFinite(parsed) ? parsed : undefined;
}
