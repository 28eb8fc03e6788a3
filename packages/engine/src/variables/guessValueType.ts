import type { VariableValue } from "@parley/schemas";

/**
 * How a stored value is handed to user code: "true"/"false" as booleans, numeric text as numbers
 * (except with a leading "+" or a leading zero such as "0612"), "null" as null; lists as they are.
 */
export const guessValueType = (
  value: VariableValue,
): string | number | boolean | null | (string | null)[] => {
  if (Array.isArray(value)) return value;
  if (value === null) return null;
  return guessTextType(value);
};

const guessTextType = (text: string): string | number | boolean | null => {
  if (text === "true") return true;
  if (text === "false") return false;
  if (text === "null") return null;
  if (isPlainNumber(text)) return Number(text);
  return text;
};

const isPlainNumber = (text: string): boolean => {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return false;
  const digits = text.startsWith("-") ? text.slice(1) : text;
  return !(digits.length > 1 && digits.startsWith("0") && !digits.startsWith("0."));
};
