import type { EditorBlock, EditorItem } from "../store/editorDocument";

type Lookup = (id: string | undefined) => string | undefined;

export interface SummaryContext {
  variableName: Lookup;
  groupTitle: Lookup;
}

/** The one-line description of a block on the canvas, or null when it still needs setting up. */
export function getBlockSummary(block: EditorBlock, context: SummaryContext): string | null {
  const options = (block.options ?? {}) as Record<string, any>;
  const content = (block.content ?? {}) as Record<string, any>;
  const variable = (id: unknown) => {
    const name = context.variableName(typeof id === "string" ? id : undefined);
    return name ? `{{${name}}}` : null;
  };
  const collect = (label: string) => {
    const target = variable(options.variableId);
    return target ? `${label} → ${target}` : label;
  };
  switch (block.type) {
    case "text":
      return getRichTextPreview(content.richText) || null;
    case "image":
    case "video":
    case "audio":
    case "embed":
      return content.url ? String(content.url) : null;
    case "text input":
      return collect(options.labels?.placeholder ?? "Type your answer...");
    case "number input":
      return collect(options.labels?.placeholder ?? "Type a number...");
    case "email input":
      return collect(options.labels?.placeholder ?? "Type your email...");
    case "url input":
      return collect(options.labels?.placeholder ?? "Type a URL...");
    case "phone number input":
      return collect(options.labels?.placeholder ?? "Type your phone number...");
    case "date input":
      return collect(options.isRange ? "Pick a date range" : options.hasTime ? "Pick a date and time" : "Pick a date");
    case "time input":
      return collect("Pick a time");
    case "choice input":
    case "picture choice input":
      return options.isMultipleChoice ? collect("Multiple choice") : options.variableId ? collect("Choice") : null;
    case "rating input":
      return collect(`Rate from ${options.startsAt ?? 0} to ${(options.startsAt ?? 0) + (options.length ?? 10) - 1}`);
    case "file input":
      return collect(options.isMultipleAllowed ? "Collect files" : "Collect a file");
    case "payment input":
      return options.amount ? `Collect ${options.amount} ${options.currency ?? "USD"}` : null;
    case "cards":
      return null;
    case "Set variable": {
      const target = variable(options.variableId);
      if (!target) return null;
      const kind = options.type ?? "Custom";
      if (kind === "Custom") return `Set ${target} to ${options.expressionToEvaluate || "…"}`;
      if (kind === "Append value(s)") return `Append ${options.item || "…"} to ${target}`;
      return `Set ${target} to ${kind}`;
    }
    case "Condition":
      return null;
    case "Redirect":
      return options.url ? `Redirect to ${options.url}` : null;
    case "Code":
      return options.content ? `Run "${options.name ?? "Script"}"` : null;
    case "Bot link":
      if (!options.botId) return null;
      return options.botId === "current"
        ? `Jump to ${context.groupTitle(options.groupId) ?? "the start"}`
        : `Go to another bot${options.groupId ? "" : " (start)"}`;
    case "Wait":
      return options.secondsToWaitFor ? `Wait for ${options.secondsToWaitFor}s` : null;
    case "AB test":
      return null;
    case "Jump":
      return options.groupId ? `Jump to ${context.groupTitle(options.groupId) ?? options.groupId}` : null;
    case "Return":
      return "Return to where the jump came from";
    case "webhook":
      return "Wait for a call to the webhook URL";
    case "Webhook":
    case "Zapier":
    case "Make.com":
    case "Pabbly": {
      const url = options.webhook?.url;
      return url ? `${options.webhook?.method ?? "POST"} ${url}` : null;
    }
    case "Email":
      return options.recipients?.length ? `Send email to ${options.recipients.join(", ")}` : null;
    case "Google Sheets":
      return options.action ?? null;
    case "Google Analytics":
      return options.action ? `Track "${options.action}"` : null;
    case "Pixel":
      return options.eventType ? `Track "${options.eventType === "Custom" ? options.name ?? "Custom" : options.eventType}"` : null;
    case "Chatwoot":
      return options.task ?? "Show widget";
    default:
      return options.action ? `${options.action}${options.model ? ` (${options.model})` : ""}` : null;
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
