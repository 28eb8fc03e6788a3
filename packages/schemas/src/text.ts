import { z } from "zod";

/**
 * The one rule for text the product accepts (docs/api.md, "Text"): no NUL (U+0000) and no unpaired UTF-16
 * surrogate. PostgreSQL stores neither (text columns refuse NUL, jsonb refuses both) and no person types them.
 * A request that carries one is refused with an issue at the field (never stripped: what is stored is what
 * was sent); text that arrives from outside services (messaging platforms) is cleaned by `toWellFormedText`.
 */
const ILL_FORMED_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ILL_FORMED_TEXT_GLOBAL = new RegExp(ILL_FORMED_TEXT.source, "g");

export const illFormedTextMessage = "Must not contain NUL characters (U+0000) or unpaired surrogates";
const illFormedKeyMessage = "Has a key with NUL characters (U+0000) or unpaired surrogates";

export function isWellFormedText(value: string): boolean {
  return !ILL_FORMED_TEXT.test(value);
}

/** Outside text made storable: NUL characters removed, unpaired surrogates replaced by U+FFFD. */
export function toWellFormedText(value: string): string {
  return value.replace(ILL_FORMED_TEXT_GLOBAL, (match) => (match === "\0" ? "" : "\ufffd"));
}

/**
 * Every string field of a schema: `z.string()` with the text rule (a lint rule in biome.json refuses a bare
 * `z.string()` in the packages that read requests). Chain as usual: `textSchema.min(1).max(100)`.
 */
export const textSchema = z.string().refine(isWellFormedText, { message: illFormedTextMessage, abort: true });

export interface TextIssue {
  message: string;
  path: (string | number)[];
}

/**
 * Every string and key of a JSON value that breaks the text rule, with its path (at most `limit`); a key is
 * reported at the object holding it, so that the answer does not repeat the character. Iterative: no nesting
 * exhausts the stack.
 */
export function findIllFormedText(root: unknown, limit = 20): TextIssue[] {
  const issues: TextIssue[] = [];
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (pending.length > 0 && issues.length < limit) {
    const { value, path } = pending.pop()!;
    if (typeof value === "string") {
      if (!isWellFormedText(value)) issues.push({ message: illFormedTextMessage, path });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, path: [...path, index] });
      });
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        // What is under a bad key is not looked at: its path would repeat the character.
        if (!isWellFormedText(key)) issues.push({ message: illFormedKeyMessage, path });
        else pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return issues;
}

/**
 * Free-form JSON in a schema (options kept as imported, a test call's sample values): any value whose strings
 * and keys all follow the text rule, one issue per offending string at its path.
 */
export const jsonValueSchema = z.unknown().check((context) => {
  for (const issue of findIllFormedText(context.value)) {
    context.issues.push({ code: "custom", message: issue.message, input: context.value, path: issue.path });
  }
});
