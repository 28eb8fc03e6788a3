import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { blockEditorTexts } from "@parley/schemas";
import { interfaceLanguages } from "@parley/schemas/management/interfaceLanguages";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { interfaceMessages } from "./interfaceMessages";

type Catalogue = { [key: string]: string | Catalogue };

/** Every message of a catalogue by its dotted key. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(name, value);
    else for (const [inner, text] of flatten(value, name)) entries.set(inner, text);
  }
  return entries;
}

/**
 * The arguments of an ICU message with their kind (`count:plural`, `name:text`, `role:select`), read through
 * plural and select branches (whose texts hold arguments too), and its tags (`<link>`).
 */
function readArguments(message: string): { arguments: string[]; tags: string[] } {
  const found = new Set<string>();
  // A tag quoted with an apostrophe ('<name>') is text.
  const tags = new Set([...message.matchAll(/(?<!')<(\w+)>/g)].map((match) => `<${match[1]}>`));
  let index = 0;
  // A message text up to the closing brace of its branch (or the end); ICU's quoting skipped: '' is an
  // apostrophe, and an apostrophe before {, }, #, | or < quotes up to the next one ('{{variable}}' is literal).
  const readText = (): void => {
    while (index < message.length && message[index] !== "}") {
      if (message[index] === "'" && message[index + 1] === "'") index += 2;
      else if (message[index] === "'" && /[{}#|<]/.test(message[index + 1] ?? "")) {
        const closing = message.indexOf("'", index + 1);
        index = closing === -1 ? message.length : closing + 1;
      } else if (message[index] === "{") {
        index++;
        readArgument();
      } else index++;
    }
  };
  // After "{": `name}`, `name, type}`, `name, type, style}` or `name, plural|select…, key {text} …}`.
  const readArgument = (): void => {
    const head = /^\s*(\w+)\s*(?:,\s*(\w+)\s*)?/.exec(message.slice(index));
    if (!head) throw new Error(`Unreadable argument at ${index} in: ${message}`);
    index += head[0].length;
    const [, name, kind = "text"] = head;
    found.add(`${name}:${kind === "selectordinal" ? "plural" : kind}`);
    while (index < message.length && message[index] !== "}") {
      if (message[index] === "{") {
        index++;
        readText();
      }
      index++;
    }
    index++;
  };
  readText();
  return { arguments: [...found].sort(), tags: [...tags].sort() };
}

/** Values for every argument and tag of a message, so that formatting it exercises every branch's syntax. */
function sampleValues(message: string) {
  const values: Record<string, unknown> = {};
  for (const entry of readArguments(message).arguments) {
    const [name = "", kind] = entry.split(":");
    values[name] =
      kind === "plural" || kind === "number" ? 2 : kind === "date" || kind === "time" ? new Date(0) : "x";
  }
  for (const tag of readArguments(message).tags)
    values[tag.slice(1, -1)] = (chunks: unknown) => `[${String(chunks)}]`;
  return values;
}

const english = flatten(interfaceMessages.en);
/** Namespaces whose keys the block and credentials definitions name (definitionTexts.ts, `blockEditorTexts`). */
const definitionNamespaces = ["BlockEditorTexts", "BlockFieldLabels", "CredentialsForms", "OptionValues"];
const sourceRoot = path.resolve(import.meta.dirname, "..");

/** The builder's source files (tests aside). */
function listSources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return listSources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * The keys the code asks for: in each file, a translator taken for a namespace
 * (`const t = useTranslations("Preview")`, `await getInterfaceTranslator("Account")`, or a helper's parameter
 * `t: InterfaceTranslator<"SignInError">`) and its calls with a literal key (`t("title")`, `t.rich("note", …)`),
 * each call read with the nearest translator of that name declared before it.
 */
function listUsedKeys(): { file: string; key: string }[] {
  const used: { file: string; key: string }[] = [];
  for (const file of listSources(sourceRoot)) {
    const text = readFileSync(file, "utf8");
    const translators = [
      ...text.matchAll(/const (\w+) = (?:useTranslations|await getInterfaceTranslator)\("([\w.]+)"\)/g),
      ...text.matchAll(/(\w+): InterfaceTranslator<"([\w.]+)">/g),
    ].map((match) => ({ name: match[1] ?? "", namespace: match[2] ?? "", at: match.index }));
    for (const name of new Set(translators.map((translator) => translator.name))) {
      const declared = translators
        .filter((translator) => translator.name === name)
        .sort((a, b) => a.at - b.at);
      const calls = text.matchAll(new RegExp(`\\b${name}(?:\\.rich|\\.markup)?\\(\\s*"([\\w.]+)"`, "g"));
      for (const call of calls) {
        const translator = declared.filter((candidate) => candidate.at < call.index).at(-1);
        if (translator)
          used.push({ file: path.relative(sourceRoot, file), key: `${translator.namespace}.${call[1]}` });
      }
    }
  }
  return used;
}

describe("the builder's message catalogues", () => {
  it.each(interfaceLanguages.filter((language) => language !== "en"))(
    "%s has every key English has, no other, with the same arguments and tags",
    (language) => {
      const catalogue = flatten(interfaceMessages[language]);
      expect(
        [...english.keys()].filter((key) => !catalogue.has(key)),
        "missing keys",
      ).toEqual([]);
      expect(
        [...catalogue.keys()].filter((key) => !english.has(key)),
        "keys English lacks",
      ).toEqual([]);
      // Names only: a language may count (`{count, plural, …}`) where English just prints `{count}`.
      const namesOf = (message: string) => {
        const { arguments: found, tags } = readArguments(message);
        return { arguments: [...new Set(found.map((entry) => entry.split(":")[0]))], tags };
      };
      for (const [key, message] of english)
        expect({ key, ...namesOf(catalogue.get(key) ?? "") }).toEqual({ key, ...namesOf(message) });
    },
  );

  it("reads arguments through plural and select branches, whatever words the branches hold", () => {
    expect(
      readArguments("{count, plural, one {# bot of {owner}} other {# bots}} in <strong>{place}</strong>"),
    ).toEqual({
      arguments: ["count:plural", "owner:text", "place:text"],
      tags: ["<strong>"],
    });
    expect(readArguments("as {role, select, ADMIN {admin} other {guest}}").arguments).toEqual([
      "role:select",
    ]);
  });

  it.each(interfaceLanguages)("every %s message is valid ICU and formats", (language) => {
    const t = createTranslator({
      locale: language,
      messages: interfaceMessages[language],
      onError: (error) => {
        throw error;
      },
    });
    const formatRich = t.rich as (key: string, values: object) => unknown;
    const catalogue = flatten(interfaceMessages[language]);
    for (const [key] of english) {
      const message = catalogue.get(key) ?? "";
      const formatted = String(formatRich(key, sampleValues(message)));
      expect(formatted, `${language}: ${key}`).not.toBe("");
      expect(formatted, `${language}: ${key}`).not.toContain(key);
    }
  });

  it("every key the code asks for is in English's catalogue, and every message there is used", () => {
    const used = listUsedKeys();
    expect(used.length).toBeGreaterThan(300);
    expect(used.filter(({ key }) => !english.has(key))).toEqual([]);
    const usedKeys = new Set(used.map(({ key }) => key));
    expect(
      [...english.keys()].filter(
        (key) =>
          !usedKeys.has(key) && !definitionNamespaces.some((namespace) => key.startsWith(`${namespace}.`)),
      ),
    ).toEqual([]);
  });

  it("holds the definitions' texts: every label they give, and every block text key the schemas' code names", () => {
    // Made from the definitions (definitionTexts.ts): a label added there is a key every language must have.
    expect(english.get("BlockFieldLabels.segment.name")).toBe("Page name");
    expect(english.get("CredentialsForms.smtp.fields.from_email.label")).toBe("From address");
    expect(english.get("CredentialsForms.openai.fields.apiKey.hint")).toBe(
      "The OpenAI API key; it cannot be read back once saved.",
    );
    expect(english.get("BlockFieldLabels.gmail.attachments")).toBe(
      "Attachments (file URLs, or '{{'a file variable'}}')",
    );
    const schemasCode = listSources(path.resolve(sourceRoot, "../../../packages/schemas/src"))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const unused = Object.keys(blockEditorTexts).filter((key) => !schemasCode.includes(`"${key}"`));
    expect(unused, "BlockEditorTexts keys no definition names").toEqual([]);
  });
});
