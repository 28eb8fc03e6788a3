import type { VariableValue } from "../types/flow";

/**
 * How a stored value is handed to user code: "true"/"false" as booleans, numeric text as numbers
 * (except with a leading "+" or a leading zero such as "0612"), "null" as null, lists element-wise.
 */
export const guessValueType = (value: VariableValue): unknown => {
  if (Array.isArray(value)) return value.map((item) => (item === null ? null : guessTextType(item)));
  if (value === null) return null;
  return guessTextType(value);
};

const guessTextType = (text: string): unknown => {
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
