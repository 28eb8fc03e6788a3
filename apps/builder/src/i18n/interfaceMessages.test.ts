import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
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

/** The arguments (`{count}`, `{count, plural, …}`) and tags (`<link>`) a message uses. */
const placeholdersOf = (message: string) =>
  [
    ...new Set([
      ...[...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => `{${match[1]}}`),
      ...[...message.matchAll(/<(\w+)>/g)].map((match) => `<${match[1]}>`),
    ]),
  ].sort();

const english = flatten(interfaceMessages.en);
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
 * (`const t = useTranslations("Preview")`, `await getInterfaceTranslator("Account")`) and its calls with a
 * literal key (`t("title")`, `t.rich("operatorNote", …)`).
 */
function listUsedKeys(): { file: string; key: string }[] {
  const used: { file: string; key: string }[] = [];
  for (const file of listSources(sourceRoot)) {
    const text = readFileSync(file, "utf8");
    const translators = text.matchAll(
      /const (\w+) = (?:useTranslations|await getInterfaceTranslator)\("([\w.]+)"\)/g,
    );
    for (const [, name, namespace] of translators) {
      const calls = text.matchAll(new RegExp(`\\b${name}(?:\\.rich|\\.markup)?\\(\\s*"([\\w.]+)"`, "g"));
      for (const [, key] of calls)
        used.push({ file: path.relative(sourceRoot, file), key: `${namespace}.${key}` });
    }
  }
  return used;
}

describe("the builder's message catalogues", () => {
  it.each(interfaceLanguages.filter((language) => language !== "en"))(
    "%s has every key English has, no other, with the same arguments and tags",
    (language) => {
      const catalogue = flatten(interfaceMessages[language]);
      expect([...catalogue.keys()].filter((key) => !english.has(key))).toEqual([]);
      expect([...english.keys()].filter((key) => !catalogue.has(key))).toEqual([]);
      for (const [key, message] of english)
        expect({ key, placeholders: placeholdersOf(catalogue.get(key) ?? "") }).toEqual({
          key,
          placeholders: placeholdersOf(message),
        });
    },
  );

  it.each(interfaceLanguages)("every %s message is valid ICU and formats", (language) => {
    const t = createTranslator({
      locale: language,
      messages: interfaceMessages[language],
      onError: (error) => {
        throw error;
      },
    });
    const values = { count: 2, language: "Deutsch (de)", fields: "content", reason: "offline" };
    const tags = {
      code: (chunks: unknown) => `[${String(chunks)}]`,
      link: (chunks: unknown) => `[${String(chunks)}]`,
      strong: (chunks: unknown) => `[${String(chunks)}]`,
    };
    for (const [key, message] of english) {
      const formatted = message.includes("<")
        ? String((t.rich as (key: string, values: object) => unknown)(key, { ...values, ...tags }))
        : (t as (key: string, values: object) => string)(key, values);
      expect(formatted, `${language}: ${key}`).not.toBe("");
      expect(formatted, `${language}: ${key}`).not.toContain(key);
    }
  });

  it("every key the code asks for is in English's catalogue, and every message there is used", () => {
    const used = listUsedKeys();
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter(({ key }) => !english.has(key))).toEqual([]);
    const usedKeys = new Set(used.map(({ key }) => key));
    expect([...english.keys()].filter((key) => !usedKeys.has(key))).toEqual([]);
  });
});
