import {
  aiAgentBlock,
  aiBlockTypes,
  type Block,
  type BotTest,
  type BotTestStep,
  type BotTestStub,
  type BotTestStubKind,
  type ChatBubble,
  type ChatInput,
  cardsBlock,
  choiceInputBlock,
  defaultAiResponseValue,
  difyBlock,
  type Group,
  googleSheetsBlock,
  httpRequestBlock,
  inputBlockTypes,
  makeComBlock,
  nocoDbBlock,
  pabblyConnectBlock,
  paymentInputBlock,
  pictureChoiceInputBlock,
  postHogBlock,
  segmentBlock,
  sendEmailBlock,
  type Variable,
  type VariableValue,
  webhookBlock,
  zapierBlock,
} from "@parley/schemas";
import type { PreviewTurn } from "../preview/previewTurns";

/** What the preview drawer saw of its chat: its turns (answer, logs, input asked, variables after) and its messages. */
export interface PreviewRecording {
  turns: readonly PreviewTurn[];
  /** The chat's entries in order: the bot's bubbles and streamed texts, the visitor's answers. */
  entries: readonly PreviewEntry[];
  isEnded: boolean;
}

/** An entry of the chat widget's state, as far as a recording reads it. */
export type PreviewEntry =
  | { kind: "host"; bubble: ChatBubble }
  | { kind: "guest"; text: string; attachedFileUrls?: string[] }
  | { kind: "stream"; text: string };

/** The kind of stub that answers a block (docs/bot-tests.md, "Stubs"), or null for a block that stays inside. */
export function getStubKind(type: string): BotTestStubKind | null {
  const kinds: Record<string, BotTestStubKind> = {
    [httpRequestBlock.type]: "http",
    [zapierBlock.type]: "http",
    [makeComBlock.type]: "http",
    [pabblyConnectBlock.type]: "http",
    [aiAgentBlock.type]: "aiAgent",
    [sendEmailBlock.type]: "email",
    [googleSheetsBlock.type]: "googleSheets",
    [postHogBlock.type]: "plugin",
    [segmentBlock.type]: "plugin",
    [nocoDbBlock.type]: "plugin",
    [difyBlock.type]: "plugin",
    [webhookBlock.type]: "webhook",
    [paymentInputBlock.type]: "payment",
  };
  if ((aiBlockTypes as readonly string[]).includes(type)) return "ai";
  return kinds[type] ?? null;
}

const choiceInputTypes = new Set<string>([
  choiceInputBlock.type,
  pictureChoiceInputBlock.type,
  cardsBlock.type,
]);

/** A bubble as the runner reads it: the plain text of text bubbles (or their markdown), the address of media. */
export function getBubbleLine(bubble: ChatBubble): string {
  if (bubble.type === "text") {
    if (bubble.content.type === "markdown") return bubble.content.markdown;
    return bubble.content.richText.map(collectText).join("\n");
  }
  const content = bubble.content as { url?: string | null; id?: string | null };
  return content.url ?? content.id ?? "";
}

const collectText = (node: unknown): string => {
  if (!node || typeof node !== "object") return "";
  const { text, children } = node as { text?: unknown; children?: unknown };
  if (typeof text === "string") return text;
  return Array.isArray(children) ? children.map(collectText).join("") : "";
};

/** The chat's entries cut at each visitor answer: the bot's lines of each turn. */
function splitBotLines(entries: readonly PreviewEntry[]): { lines: string[]; answer: PreviewEntry | null }[] {
  const turns: { lines: string[]; answer: PreviewEntry | null }[] = [{ lines: [], answer: null }];
  for (const entry of entries) {
    if (entry.kind === "guest") {
      turns.push({ lines: [], answer: entry });
      continue;
    }
    const line = entry.kind === "host" ? getBubbleLine(entry.bubble) : entry.text;
    if (line.trim() !== "") turns.at(-1)?.lines.push(line.trim());
  }
  return turns;
}

const fileName = (url: string) => {
  const last = url.split(/[?#]/)[0]?.split("/").pop() ?? url;
  try {
    return decodeURIComponent(last) || "file";
  } catch {
    return last || "file";
  }
};

/** The visitor's step that sent this answer to that input: a click on a button, files, or typed text. */
function toVisitorStep(answer: PreviewEntry | null, text: string, input: ChatInput | null): BotTestStep {
  if (answer?.kind === "guest" && answer.attachedFileUrls && answer.attachedFileUrls.length > 0)
    return { type: "file", fileNames: answer.attachedFileUrls.slice(0, 10).map(fileName) };
  const options = input && "options" in input ? (input.options as { isMultipleChoice?: boolean }) : undefined;
  if (input && choiceInputTypes.has(input.type) && !options?.isMultipleChoice && text.trim() !== "")
    return { type: "choice", label: text };
  return { type: "text", text };
}

/**
 * A test from a preview chat: the visitor's answers as visitor steps and what the bot did in each turn as
 * expectations (each message it showed, the input it asked, the end). Stubs are added afterwards, one per
 * outside call the runner meets (`recordStub`).
 */
export function recordPreviewTest(recording: PreviewRecording, test: { id: string; name: string }): BotTest {
  const botTurns = splitBotLines(recording.entries);
  const steps: BotTestStep[] = [];
  recording.turns.forEach((turn, index) => {
    if (index > 0) {
      const answer = botTurns[index]?.answer ?? null;
      const text = answer?.kind === "guest" ? answer.text : (turn.answer ?? "");
      steps.push(toVisitorStep(answer, text, recording.turns[index - 1]?.input ?? null));
    }
    for (const line of botTurns[index]?.lines ?? [])
      steps.push({ type: "messageContains", text: line.slice(0, 10_000) });
    const inputType = turn.input?.type;
    if (inputType && (inputBlockTypes as readonly string[]).includes(inputType))
      steps.push({ type: "inputAsked", inputType: inputType as (typeof inputBlockTypes)[number] });
  });
  if (recording.isEnded) steps.push({ type: "conversationEnded" });
  return { ...test, steps: steps.slice(0, 500), stubs: [] };
}

/** The turn a failure's step belongs to: the number of visitor steps up to it (0: the bot's opening). */
export function getTurnOfStep(test: BotTest, stepIndex: number): number {
  return test.steps.slice(0, stepIndex + 1).filter((step) => ["text", "choice", "file"].includes(step.type))
    .length;
}

/** Where a stub came from: what the preview recorded, or a default answer the author should check. */
export type RecordedStub = { stub: BotTestStub; isRecorded: boolean };

/**
 * The stub of a block the test's run met without one, from what the preview recorded in that turn: an HTTP
 * call's status and body (its log), an e-mail's or a plug-in's failure (an error log), the values an AI, plug-in or
 * Sheets block saved (the variables after the turn), an AI agent's replies. What the preview cannot show (a
 * Webhook block's call, a payment form) gets a default answer, marked as not recorded. Null for a block the
 * draft does not have or that calls nothing.
 */
export function recordStub(
  recording: PreviewRecording,
  flow: { groups: readonly Group[]; variables: readonly Variable[] },
  blockId: string,
  turnIndex: number,
): RecordedStub | null {
  const block = flow.groups.flatMap((group) => group.blocks).find((candidate) => candidate.id === blockId);
  const kind = block ? getStubKind(block.type) : null;
  if (!block || !kind) return null;
  const turn = recording.turns[Math.min(turnIndex, recording.turns.length - 1)];
  const logs = (turn?.logs.some((log) => log.context === blockId) ? [turn] : recording.turns).flatMap(
    (candidate) => candidate?.logs.filter((log) => log.context === blockId) ?? [],
  );
  const hasError = logs.some((log) => log.status === "error");
  const after = turn?.variablesAfter ?? recording.turns.findLast((t) => t.variablesAfter)?.variablesAfter;
  const readValue = (variableId: string | undefined) => (variableId ? after?.[variableId] : undefined);
  const nameOf = (variableId: string | undefined) =>
    flow.variables.find((variable) => variable.id === variableId)?.name;
  const options = ((block as { options?: unknown }).options ?? {}) as Record<string, unknown>;
  switch (kind) {
    case "http": {
      const response = readHttpLog(logs);
      return response
        ? { stub: { kind, blockId, headers: {}, ...response }, isRecorded: true }
        : { stub: { kind, blockId, status: 200, body: "", headers: {} }, isRecorded: false };
    }
    case "email":
      return { stub: { kind, blockId, outcome: hasError ? "failed" : "sent" }, isRecorded: logs.length > 0 };
    case "ai": {
      const mappings = (options.responseMapping ?? []) as { item?: string; variableId?: string }[];
      const answerMapping = mappings.find(
        (mapping) => (mapping.item ?? defaultAiResponseValue) === defaultAiResponseValue,
      );
      const answer = toText(readValue(answerMapping?.variableId));
      return {
        stub: { kind, blockId, answer: answer ?? "", variables: {} },
        isRecorded: answer !== undefined,
      };
    }
    case "plugin": {
      const ids = [
        ...((options.responseMapping ?? []) as { variableId?: string }[]).map(
          (mapping) => mapping.variableId,
        ),
        typeof options.conversationVariableId === "string" ? options.conversationVariableId : undefined,
      ];
      const variables = toNamedValues(ids, readValue, nameOf);
      return {
        stub: {
          kind,
          blockId,
          outcome: hasError ? "failed" : "succeeded",
          variables: hasError ? {} : variables,
        },
        isRecorded: logs.length > 0 || Object.keys(variables).length > 0,
      };
    }
    case "googleSheets": {
      const cells = (options.cellsToExtract ?? []) as { column?: string; variableId?: string }[];
      const read = cells.filter((cell) => cell.column);
      const row = read.map((cell) => toText(readValue(cell.variableId)) ?? "");
      return {
        stub: {
          kind,
          blockId,
          header: read.map((cell) => cell.column ?? ""),
          rows: read.length > 0 ? [row] : [],
        },
        isRecorded: read.length > 0 && row.some((value) => value !== ""),
      };
    }
    case "aiAgent": {
      const replies = recording.entries.flatMap((entry) => (entry.kind === "stream" ? [entry.text] : []));
      return {
        stub: {
          kind,
          blockId,
          replies: replies.length > 0 ? replies.slice(0, 100) : [""],
          afterLastReply: recording.isEnded ? "end" : "stay",
        },
        isRecorded: replies.length > 0,
      };
    }
    case "webhook":
      return { stub: { kind, blockId, body: {} }, isRecorded: false };
    case "payment":
      return { stub: { kind, blockId, outcome: "paid" }, isRecorded: false };
  }
}

function readHttpLog(logs: readonly PreviewTurn["logs"][number][]): { status: number; body: string } | null {
  for (const log of logs) {
    if (!log.details) continue;
    try {
      const details = JSON.parse(log.details) as { response?: { statusCode?: unknown; body?: unknown } };
      const status = details.response?.statusCode;
      if (typeof status !== "number" || status < 100 || status > 599) continue;
      const body = details.response?.body;
      return { status, body: typeof body === "string" ? body : JSON.stringify(body ?? "") };
    } catch {}
  }
  return null;
}

const toText = (value: VariableValue | undefined): string | undefined =>
  value === undefined || value === null
    ? undefined
    : Array.isArray(value)
      ? value.filter((item) => item !== null).join(", ")
      : String(value);

function toNamedValues(
  ids: (string | undefined)[],
  readValue: (id: string | undefined) => VariableValue | undefined,
  nameOf: (id: string | undefined) => string | undefined,
): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const id of ids) {
    const name = nameOf(id);
    const value = readValue(id);
    if (!name || value === undefined || value === null) continue;
    values[name] = Array.isArray(value) ? value.filter((item) => item !== null).map(String) : String(value);
  }
  return values;
}

/** Blocks of the flow, by id (a stub's block shown by its label). */
export function findBlock(groups: readonly Group[], blockId: string): { block: Block; group: Group } | null {
  for (const group of groups) {
    const block = group.blocks.find((candidate) => candidate.id === blockId);
    if (block) return { block, group };
  }
  return null;
}
