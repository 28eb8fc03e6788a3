import type { RichTextNode } from "../richText";
import { type Translation, translationSchema } from "./languagesSettings";

/**
 * A text as translators and machine translation see it (docs/languages.md, "Exchanging translations"): its words,
 * with the rich text's formatting as numbered codes (an element such as a paragraph or a link, a leaf's marks)
 * and each `{{variable}}` as a placeholder, so neither can be lost or altered by the translation. XLIFF writes
 * the codes as `<pc>`/`<ph>` with their original data; CSV and machine drafts as `<1>…</1>` tags.
 */
export type InlinePart =
  | { kind: "text"; text: string }
  | { kind: "open"; id: number }
  | { kind: "close"; id: number }
  | { kind: "variable"; id: number; text: string };

/** What a code stands for: an element's attributes (its children aside) or a leaf's marks, as JSON. */
export type InlineCodeData = { element: Record<string, unknown> } | { marks: Record<string, unknown> };

export interface InlineContent {
  parts: InlinePart[];
  /** The data of each `open` code, by id. */
  codes: Map<number, InlineCodeData>;
}

/** Thrown when a translated text cannot become a value: a crossed or unknown tag, a variable lost or added. */
export class InlineTextError extends Error {}

const VARIABLE = /\{\{[^{}]+?\}\}/g;

/** The `{{variables}}` of a text, sorted (a translation must keep the same ones). */
export function listTextVariables(value: Translation["value"]): string[] {
  return (plainTextOf(value).match(VARIABLE) ?? []).sort();
}

/** The words of a value, rich text's leaves joined (paragraphs by line breaks). */
export function plainTextOf(value: Translation["value"]): string {
  if (typeof value === "string") return value;
  const walk = (nodes: unknown[]): string =>
    nodes
      .map((node) => {
        const record = node as Record<string, unknown>;
        return Array.isArray(record.children) ? walk(record.children) : String(record.text ?? "");
      })
      .join("");
  return value.map((node) => walk([node])).join("\n");
}

/** A value as inline content: codes numbered from 1 in document order. */
export function encodeInline(value: Translation["value"]): InlineContent {
  const parts: InlinePart[] = [];
  const codes = new Map<number, InlineCodeData>();
  let next = 1;
  const pushText = (text: string) => {
    let last = 0;
    for (const match of text.matchAll(VARIABLE)) {
      if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
      parts.push({ kind: "variable", id: next++, text: match[0] });
      last = match.index + match[0].length;
    }
    if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  };
  if (typeof value === "string") {
    pushText(value);
    return { parts, codes };
  }
  const walk = (node: RichTextNode) => {
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.children)) {
      const { children, ...element } = record;
      const id = next++;
      codes.set(id, { element });
      parts.push({ kind: "open", id });
      for (const child of children as RichTextNode[]) walk(child);
      parts.push({ kind: "close", id });
      return;
    }
    const { text, ...marks } = record;
    const words = typeof text === "string" ? text : "";
    if (Object.keys(marks).length === 0) return pushText(words);
    const id = next++;
    codes.set(id, { marks });
    parts.push({ kind: "open", id });
    pushText(words);
    parts.push({ kind: "close", id });
  };
  for (const node of value as RichTextNode[]) walk(node);
  return { parts, codes };
}

interface Frame {
  id: number | null;
  data: InlineCodeData | null;
  children: RichTextNode[];
  hasText: boolean;
}

/**
 * Inline content back to a value: a string for a plain field, rich text (Slate nodes) for a rich-text one, the
 * codes' data restoring elements and marks exactly. Throws InlineTextError on a tag that is not open, crossed or
 * unknown, or formatting in a plain field.
 */
export function decodeInline(
  parts: readonly InlinePart[],
  codes: ReadonlyMap<number, InlineCodeData>,
  isRichText: boolean,
): Translation["value"] {
  if (!isRichText) {
    if (parts.some((part) => part.kind === "open" || part.kind === "close"))
      throw new InlineTextError("Formatting codes in a plain text");
    return parts.map((part) => (part.kind === "text" || part.kind === "variable" ? part.text : "")).join("");
  }
  const root: Frame = { id: null, data: null, children: [], hasText: false };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1] as Frame;
  const nearestElement = (): Frame => {
    for (let index = stack.length - 1; index >= 0; index--) {
      const frame = stack[index] as Frame;
      if (!frame.data || "element" in frame.data) return frame;
    }
    return root;
  };
  const currentMarks = (): Record<string, unknown> => {
    const marks: Record<string, unknown> = {};
    for (const frame of stack)
      if (frame.data && "marks" in frame.data) Object.assign(marks, frame.data.marks);
    return marks;
  };
  let pending: string | null = null;
  const flush = () => {
    if (pending === null) return;
    nearestElement().children.push({ ...currentMarks(), text: pending });
    for (const frame of stack) frame.hasText = true;
    pending = null;
  };
  for (const part of parts) {
    if (part.kind === "text" || part.kind === "variable") {
      pending = (pending ?? "") + part.text;
      continue;
    }
    flush();
    if (part.kind === "open") {
      const data = codes.get(part.id);
      if (!data) throw new InlineTextError(`Unknown code ${part.id}`);
      stack.push({ id: part.id, data, children: [], hasText: false });
      continue;
    }
    const frame = top();
    if (frame.id !== part.id)
      throw new InlineTextError(`Code ${part.id} is closed before it is opened or crosses another`);
    stack.pop();
    if (!frame.data) continue;
    if ("element" in frame.data) {
      const children = frame.children.length > 0 ? frame.children : [{ text: "" }];
      nearestElement().children.push({ ...frame.data.element, children } as RichTextNode);
    } else if (!frame.hasText) {
      nearestElement().children.push({ ...currentMarks(), ...frame.data.marks, text: "" });
    }
  }
  flush();
  if (stack.length > 1) throw new InlineTextError(`Code ${top().id} is never closed`);
  return root.children;
}

/** Inline content as text with `<1>…</1>` tags (variables stay as written). */
export function toTaggedText(parts: readonly InlinePart[]): string {
  return parts
    .map((part) =>
      part.kind === "open" ? `<${part.id}>` : part.kind === "close" ? `</${part.id}>` : part.text,
    )
    .join("");
}

/** Text with `<1>…</1>` tags as inline content; a plain field's text has no tags (a `<2>` in it is words). */
export function fromTaggedText(text: string, hasCodes: boolean): InlinePart[] {
  if (!hasCodes) return [{ kind: "text", text }];
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\/?)(\d{1,4})>/g)) {
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({ kind: match[1] ? "close" : "open", id: Number(match[2]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/**
 * A translation's value checked against its source: the same `{{variables}}`. Returns the reason it is refused,
 * or null.
 */
export function checkTranslationVariables(
  source: Translation["value"],
  target: Translation["value"],
): string | null {
  const expected = listTextVariables(source);
  const found = listTextVariables(target);
  if (expected.join("\n") === found.join("\n")) return null;
  const missing = expected.filter((name) => !found.includes(name));
  const added = found.filter((name) => !expected.includes(name));
  return [
    "The translation must keep the text's variables",
    missing.length ? `missing ${[...new Set(missing)].join(", ")}` : "",
    added.length ? `unknown ${[...new Set(added)].join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** A translation as a file or an editor gives it: inline content with its own codes, or text with `<1>` tags. */
export type TranslatedContent =
  | { kind: "inline"; parts: InlinePart[]; codes: Map<number, InlineCodeData> }
  | { kind: "tagged"; text: string };

/**
 * A translation as the value of its field, checked against the default language's text (`source`): tags name the
 * source's codes, the `{{variables}}` must be the source's, the text must be storable. The reason otherwise.
 */
export function toTranslationValue(
  content: TranslatedContent,
  source: Translation["value"],
  isRichText: boolean,
): { ok: true; value: Translation["value"] } | { ok: false; reason: string } {
  try {
    const sourceCodes = encodeInline(source).codes;
    const value =
      content.kind === "inline"
        ? decodeInline(content.parts, content.codes, isRichText)
        : decodeInline(fromTaggedText(content.text, sourceCodes.size > 0), sourceCodes, isRichText);
    const variables = checkTranslationVariables(source, value);
    if (variables) return { ok: false, reason: variables };
    const checked = translationSchema.shape.value.safeParse(value);
    if (!checked.success)
      return { ok: false, reason: checked.error.issues[0]?.message ?? "Not a valid text" };
    return { ok: true, value: checked.data };
  } catch (error) {
    if (error instanceof InlineTextError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** A value as an editor or a CSV cell shows it: words, `{{variables}}` and the formatting's `<1>` tags. */
export const toEditableText = (value: Translation["value"]): string =>
  toTaggedText(encodeInline(value).parts);
