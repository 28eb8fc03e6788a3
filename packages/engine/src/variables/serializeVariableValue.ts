import type { VariableValue } from "@parley/schemas";

/**
 * A value from code, a reply or an HTTP response as stored in a variable: text, a list of texts or
 * null. Objects become JSON; lone surrogates are replaced so the state stays valid JSON text.
 */
export const serializeVariableValue = (value: unknown): VariableValue => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value))
    return value.map((item) => (item === null || item === undefined ? null : toText(item)));
  return toText(value);
};

const toText = (value: unknown): string => {
  const text =
    typeof value === "string" ? value : typeof value === "object" ? safeStringify(value) : String(value);
  return text.replace(LONE_SURROGATE, "\uFFFD");
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const safeStringify = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
};
