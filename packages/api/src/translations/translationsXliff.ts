import {
  encodeInline,
  type InlineCodeData,
  type InlinePart,
  type TextStatus,
  type TranslationStatus,
} from "@parley/schemas";
import { SaxesParser } from "saxes";
import type { ExportedText, ImportedUnit, TranslationFile, TranslationsExport } from "./translationFiles";

const XLIFF_NAMESPACE = "urn:oasis:names:tc:xliff:document:2.0";

/** XLIFF's segment states for our statuses: a machine draft is `translated`, a reviewed text `reviewed`. */
const stateOfStatus: Record<TextStatus, string> = {
  missing: "initial",
  machineDraft: "translated",
  reviewed: "reviewed",
};

/** Our status for XLIFF's states: `reviewed` and `final` are reviewed, `initial` and `translated` drafts. */
const statusOfState: Record<string, TranslationStatus> = {
  initial: "machineDraft",
  translated: "machineDraft",
  reviewed: "reviewed",
  final: "reviewed",
};

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function writeInline(parts: readonly InlinePart[], dataRef: (id: number) => string): string {
  return parts
    .map((part) => {
      switch (part.kind) {
        case "text":
          return escapeXml(part.text);
        case "variable":
          return `<ph id="${part.id}" dataRef="${dataRef(part.id)}" disp="${escapeXml(part.text)}"/>`;
        case "open":
          return `<pc id="${part.id}" dataRefStart="${dataRef(part.id)}">`;
        case "close":
          return "</pc>";
      }
      return "";
    })
    .join("");
}

function writeUnit(text: ExportedText): string {
  const source = encodeInline(text.source);
  const target = text.target ? encodeInline(text.target.value) : null;
  // A code is named by its number in the source; the target's codes are matched to the source's by their data.
  const data = new Map<string, string>();
  const refOf = new Map<string, string>();
  const register = (key: string, value: string) => {
    const existing = refOf.get(key);
    if (existing) return existing;
    const ref = `d${refOf.size + 1}`;
    refOf.set(key, ref);
    data.set(ref, value);
    return ref;
  };
  const codeRef = (codes: Map<number, InlineCodeData>, parts: readonly InlinePart[]) => (id: number) => {
    const code = codes.get(id);
    if (code) return register(`code:${JSON.stringify(code)}`, JSON.stringify(code));
    const variable = parts.find((part) => part.kind === "variable" && part.id === id);
    const words = variable?.kind === "variable" ? variable.text : "";
    return register(`variable:${words}`, words);
  };
  const sourceXml = writeInline(source.parts, codeRef(source.codes, source.parts));
  const targetXml = target ? writeInline(target.parts, codeRef(target.codes, target.parts)) : null;
  const where = [text.groupTitle, text.blockType, text.field].filter(Boolean).join(" · ");
  const originalData = data.size
    ? `<originalData>${[...data].map(([ref, value]) => `<data id="${ref}">${escapeXml(value)}</data>`).join("")}</originalData>`
    : "";
  return [
    `    <unit id="${escapeXml(text.key)}">`,
    `      <notes><note category="location">${escapeXml(where)}</note></notes>`,
    originalData ? `      ${originalData}` : "",
    `      <segment state="${stateOfStatus[text.target?.status ?? "missing"]}">`,
    `        <source xml:space="preserve">${sourceXml}</source>`,
    targetXml === null ? "" : `        <target xml:space="preserve">${targetXml}</target>`,
    "      </segment>",
    "    </unit>",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * A language's texts as an XLIFF 2.0 document: one `<unit>` per text, its id the text's key, its source the
 * default language's text and its target the translation (none while missing), the segment's state its status;
 * formatting and variables are inline codes (`<pc>`, `<ph>`) whose original data lives in the unit.
 */
export function writeTranslationsXliff(exported: TranslationsExport): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="${escapeXml(exported.sourceLanguage)}" trgLang="${escapeXml(exported.targetLanguage)}">`,
    `  <file id="${escapeXml(exported.botId)}" original="${escapeXml(exported.botName)}">`,
    ...exported.texts.map(writeUnit),
    "  </file>",
    "</xliff>",
    "",
  ].join("\n");
}

/** A malformed file: the reason, with the line it was found on. */
export class TranslationFileError extends Error {}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
  line: number;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** The document as a tree, with each element's line; DTDs and entities of one are refused. */
function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ position: true });
  const root: XmlElement = { name: "#document", attributes: {}, children: [], line: 1 };
  const stack: XmlElement[] = [root];
  let failure: string | null = null;
  parser.on("error", (error) => {
    failure ??= error.message;
  });
  parser.on("doctype", () => {
    failure ??= `line ${parser.line}: a DOCTYPE is not accepted`;
  });
  parser.on("opentag", (tag) => {
    const element: XmlElement = {
      name: localName(tag.name),
      attributes: Object.fromEntries(
        Object.entries(tag.attributes as Record<string, string>).map(([key, value]) => [key, String(value)]),
      ),
      children: [],
      line: parser.line,
    };
    stack[stack.length - 1]?.children.push(element);
    stack.push(element);
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.on("text", (value) => stack[stack.length - 1]?.children.push(value));
  parser.on("cdata", (value) => stack[stack.length - 1]?.children.push(value));
  try {
    parser.write(text).close();
  } catch (error) {
    failure ??= error instanceof Error ? error.message : String(error);
  }
  if (failure)
    throw new TranslationFileError(`Not well-formed XML: ${failure.replace(/^undefined:/, "line ")}`);
  const document = root.children.find((child): child is XmlElement => typeof child !== "string");
  if (!document) throw new TranslationFileError("Not well-formed XML: no root element");
  return document;
}

const childElements = (element: XmlElement, name: string) =>
  element.children.filter((child): child is XmlElement => typeof child !== "string" && child.name === name);

/** A unit's original data: `dN` → the code's data or the variable it stands for. */
function readOriginalData(unit: XmlElement): Map<string, string> {
  const data = new Map<string, string>();
  for (const original of childElements(unit, "originalData"))
    for (const entry of childElements(original, "data"))
      if (entry.attributes.id)
        data.set(entry.attributes.id, entry.children.filter((child) => typeof child === "string").join(""));
  return data;
}

function readInline(
  element: XmlElement,
  data: Map<string, string>,
  codes: Map<number, InlineCodeData>,
  unitId: string,
): InlinePart[] {
  const parts: InlinePart[] = [];
  const fail = (line: number, reason: string): never => {
    throw new TranslationFileError(`Unit "${unitId}" (line ${line}): ${reason}`);
  };
  let nextId = 10_000;
  const walk = (node: XmlElement | string) => {
    if (typeof node === "string") {
      parts.push({ kind: "text", text: node });
      return;
    }
    if (node.name === "ph") {
      const words = data.get(node.attributes.dataRef ?? "");
      if (words === undefined || !words.startsWith("{{"))
        fail(node.line, `the placeholder ${node.attributes.id ?? ""} has no original data naming a variable`);
      parts.push({ kind: "variable", id: nextId++, text: words as string });
      return;
    }
    if (node.name === "pc") {
      const raw = data.get(node.attributes.dataRefStart ?? "");
      let code: InlineCodeData | null = null;
      try {
        const parsed = raw === undefined ? null : (JSON.parse(raw) as unknown);
        if (parsed && typeof parsed === "object" && ("element" in parsed || "marks" in parsed))
          code = parsed as InlineCodeData;
      } catch {
        code = null;
      }
      if (!code)
        return fail(node.line, `the code ${node.attributes.id ?? ""} has no original data of formatting`);
      const id = nextId++;
      codes.set(id, code);
      parts.push({ kind: "open", id });
      for (const child of node.children) walk(child);
      parts.push({ kind: "close", id });
      return;
    }
    fail(node.line, `<${node.name}> is not accepted in a target (only text, <pc> and <ph>)`);
  };
  for (const child of element.children) walk(child);
  return parts;
}

/**
 * An XLIFF 2.0 document read back: its languages and, per unit, the target (segments joined) and its status.
 * Throws TranslationFileError naming the line or unit of a malformed document.
 */
export function readTranslationsXliff(text: string): TranslationFile {
  const xliff = parseXml(text);
  if (xliff.name !== "xliff")
    throw new TranslationFileError(`line ${xliff.line}: the root element is not <xliff>`);
  if (!/^2\.\d+$/.test(xliff.attributes.version ?? ""))
    throw new TranslationFileError(`line ${xliff.line}: only XLIFF 2.x is read (version="2.0")`);
  const units: ImportedUnit[] = [];
  const seen = new Set<string>();
  const collect = (element: XmlElement) => {
    for (const child of element.children) {
      if (typeof child === "string") continue;
      if (child.name === "group") collect(child);
      if (child.name !== "unit") continue;
      const id = child.attributes.id;
      if (!id) throw new TranslationFileError(`line ${child.line}: a <unit> without an id`);
      if (seen.has(id)) throw new TranslationFileError(`Unit "${id}" (line ${child.line}): listed twice`);
      seen.add(id);
      const data = readOriginalData(child);
      const codes = new Map<number, InlineCodeData>();
      const parts: InlinePart[] = [];
      let hasTarget = false;
      let state: string | undefined;
      for (const segment of child.children) {
        if (typeof segment === "string" || (segment.name !== "segment" && segment.name !== "ignorable"))
          continue;
        if (segment.name === "segment") state ??= segment.attributes.state;
        const target = childElements(segment, "target")[0];
        if (target) {
          hasTarget = true;
          parts.push(...readInline(target, data, codes, id));
        } else if (segment.name === "ignorable") {
          const source = childElements(segment, "source")[0];
          if (source) parts.push(...readInline(source, data, codes, id));
        }
      }
      const status = statusOfState[state ?? "initial"];
      if (!status)
        throw new TranslationFileError(
          `Unit "${id}" (line ${child.line}): state "${state}" is not one of initial, translated, reviewed, final`,
        );
      units.push({
        key: id,
        reference: `unit "${id}" (line ${child.line})`,
        content: { kind: "inline", parts, codes },
        status,
        hasTarget,
      });
    }
  };
  for (const file of childElements(xliff, "file")) collect(file);
  return {
    sourceLanguage: xliff.attributes.srcLang ?? null,
    targetLanguage: xliff.attributes.trgLang ?? null,
    units,
  };
}
