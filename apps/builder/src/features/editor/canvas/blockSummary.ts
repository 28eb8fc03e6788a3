import type { Block } from "@parley/schemas";
import type { EditorBlock, EditorItem } from "../store/editorDocument";

type Lookup = (id: string | undefined) => string | undefined;

export interface SummaryContext {
  variableName: Lookup;
  groupTitle: Lookup;
}

/** The one-line description of a block on the canvas, or null when it still needs setting up. */
export function getBlockSummary(editorBlock: EditorBlock, context: SummaryContext): string | null {
  const block = editorBlock as unknown as Block;
  const variable = (id: string | undefined) => {
    const name = context.variableName(id);
    return name ? `{{${name}}}` : null;
  };
  const collect = (label: string, variableId: string | undefined) => {
    const target = variable(variableId);
    return target ? `${label} → ${target}` : label;
  };
  switch (block.type) {
    case "text":
      return getRichTextPreview(block.content?.richText) || null;
    case "image":
    case "video":
    case "audio":
    case "embed":
      return block.content?.url || null;
    case "text input":
      return collect(block.options?.labels?.placeholder ?? "Type your answer...", block.options?.variableId);
    case "number input":
      return collect(block.options?.labels?.placeholder ?? "Type a number...", block.options?.variableId);
    case "email input":
      return collect(block.options?.labels?.placeholder ?? "Type your email...", block.options?.variableId);
    case "url input":
      return collect(block.options?.labels?.placeholder ?? "Type a URL...", block.options?.variableId);
    case "phone number input":
      return collect(
        block.options?.labels?.placeholder ?? "Type your phone number...",
        block.options?.variableId,
      );
    case "date input": {
      const { isRange, hasTime, variableId } = block.options ?? {};
      return collect(
        isRange ? "Pick a date range" : hasTime ? "Pick a date and time" : "Pick a date",
        variableId,
      );
    }
    case "time input":
      return collect("Pick a time", block.options?.variableId);
    case "choice input":
    case "picture choice input":
      if (block.options?.isMultipleChoice) return collect("Multiple choice", block.options.variableId);
      return block.options?.variableId ? collect("Choice", block.options.variableId) : null;
    case "rating input": {
      const startsAt = block.options?.startsAt ?? 0;
      return collect(
        `Rate from ${startsAt} to ${startsAt + (block.options?.length ?? 10) - 1}`,
        block.options?.variableId,
      );
    }
    case "file input":
      return collect(
        block.options?.isMultipleAllowed ? "Collect files" : "Collect a file",
        block.options?.variableId,
      );
    case "payment input":
      return block.options?.amount
        ? `Collect ${block.options.amount} ${block.options.currency ?? "USD"}`
        : null;
    case "Set variable": {
      const target = variable(block.options?.variableId);
      if (!target) return null;
      const kind = block.options?.type ?? "Custom";
      if (kind === "Custom") return `Set ${target} to ${block.options?.expressionToEvaluate || "…"}`;
      if (kind === "Append value(s)") return `Append ${block.options?.item || "…"} to ${target}`;
      return `Set ${target} to ${kind}`;
    }
    case "Redirect":
      return block.options?.url ? `Redirect to ${block.options.url}` : null;
    case "Code":
      return block.options?.content ? `Run "${block.options.name || "Script"}"` : null;
    case "Bot link":
      if (!block.options?.botId) return null;
      if (block.options.botId === "current")
        return `Jump to ${context.groupTitle(block.options.groupId) ?? "the start"}`;
      return "Continue in another bot";
    case "Wait":
      return block.options?.secondsToWaitFor ? `Wait for ${block.options.secondsToWaitFor}s` : null;
    case "Jump":
      return block.options?.groupId
        ? `Jump to ${context.groupTitle(block.options.groupId) ?? block.options.groupId}`
        : null;
    case "Return":
      return "Return to where the jump came from";
    case "webhook":
      return "Wait for a call to the webhook URL";
    case "Webhook":
    case "Zapier":
    case "Make.com":
    case "Pabbly": {
      const url = block.options?.webhook?.url;
      return url ? `${block.options?.webhook?.method ?? "POST"} ${url}` : null;
    }
    case "Email":
      return block.options?.recipients?.length
        ? `Send email to ${block.options.recipients.join(", ")}`
        : null;
    case "Google Sheets":
      return block.options?.action ?? null;
    case "Google Analytics":
      return block.options?.action ? `Track "${block.options.action}"` : null;
    case "Pixel": {
      const { eventType, name } = block.options ?? {};
      if (!eventType) return null;
      return `Track "${eventType === "Custom" ? (name ?? "Custom") : eventType}"`;
    }
    case "Chatwoot":
      return block.options?.task ?? "Show widget";
    case "openai":
    case "anthropic":
    case "mistral":
    case "openai-compatible": {
      const options = block.options as { action?: string; model?: string } | undefined;
      return options?.action ? `${options.action}${options.model ? ` · ${options.model}` : ""}` : null;
    }
    default:
      return null;
  }
}

/** What an item row says (a choice's text, a condition, a path, an AB test share). */
export function getItemSummary(block: EditorBlock, item: EditorItem, context: SummaryContext): string | null {
  switch (block.type) {
    case "choice input":
      return (item.content as string | undefined) || null;
    case "picture choice input":
      return (item.title as string | undefined) || (item.pictureSrc ? "Picture" : null);
    case "AB test": {
      const percent = Number((block.options as { aPercent?: number } | undefined)?.aPercent ?? 50);
      return item.path === "a" ? `A · ${percent}%` : `B · ${100 - percent}%`;
    }
    case "Condition":
      return getConditionSummary(item.content as ConditionLike | undefined, context);
    case "cards":
      return (item.title as string | undefined) || null;
    default:
      return null;
  }
}

interface ConditionLike {
  logicalOperator?: string;
  comparisons?: { variableId?: string; comparisonOperator?: string; value?: string }[];
}

function getConditionSummary(condition: ConditionLike | undefined, context: SummaryContext): string | null {
  const parts = (condition?.comparisons ?? [])
    .filter((comparison) => comparison.variableId)
    .map((comparison) => {
      const name = context.variableName(comparison.variableId) ?? "?";
      const operator = comparison.comparisonOperator ?? "Equal to";
      const value = operator === "Is set" || operator === "Is empty" ? "" : ` ${comparison.value ?? ""}`;
      return `{{${name}}} ${operator.toLowerCase()}${value}`;
    });
  return parts.length ? parts.join(` ${condition?.logicalOperator ?? "AND"} `) : null;
}

/** The plain text of rich text nodes, one line per paragraph. */
export function getRichTextPreview(nodes: unknown): string {
  if (!Array.isArray(nodes)) return "";
  const textOf = (node: unknown): string => {
    if (!node || typeof node !== "object") return "";
    const { children, text } = node as { children?: unknown[]; text?: unknown };
    if (Array.isArray(children)) return children.map(textOf).join("");
    return typeof text === "string" ? text : "";
  };
  return nodes.map(textOf).join("\n").trim();
}
