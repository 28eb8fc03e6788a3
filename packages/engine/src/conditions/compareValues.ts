import type { VariableValue } from "@parley/schemas";

/**
 * One comparison between a variable's value and the resolved right side. Lists compare element-wise
 * ("some" for contains and regex, "every" otherwise); order comparisons read numbers, then dates,
 * then lengths (lists: their lengths).
 */
export const compareValues = (left: VariableValue, operator: string, right: VariableValue): boolean => {
  switch (operator) {
    case "Equal to":
      return isEqual(left, right);
    case "Not equal":
      return !isEqual(left, right);
    case "Contains":
      return contains(left, right);
    case "Does not contain":
      return !contains(left, right);
    case "Greater than":
      return compareOrder(left, right, (a, b) => a > b);
    case "Less than":
      return compareOrder(left, right, (a, b) => a < b);
    case "Greater or equal to":
      return compareOrder(left, right, (a, b) => a >= b);
    case "Less or equal to":
      return compareOrder(left, right, (a, b) => a <= b);
    case "Is set":
      return isSet(left);
    case "Is empty":
      return !isSet(left);
    case "Starts with":
      return every(left, right, (a, b) => normalizeLoose(a).startsWith(normalizeLoose(b)));
    case "Ends with":
      return every(left, right, (a, b) => normalizeLoose(a).endsWith(normalizeLoose(b)));
    case "Matches regex":
      return matchesRegex(left, right);
    case "Does not match regex":
      return isValidRegexSide(right) && !matchesRegex(left, right);
    default:
      return false;
  }
};

const toList = (value: VariableValue): (string | null)[] => (Array.isArray(value) ? value : [value]);

const every = (
  left: VariableValue,
  right: VariableValue,
  test: (a: string, b: string) => boolean,
): boolean => {
  if (left === null || right === null) return false;
  return toList(left).every((a) => toList(right).every((b) => a !== null && b !== null && test(a, b)));
};

const some = (
  left: VariableValue,
  right: VariableValue,
  test: (a: string, b: string) => boolean,
): boolean => {
  if (left === null || right === null) return false;
  return toList(left).some((a) => toList(right).some((b) => a !== null && b !== null && test(a, b)));
};

const isSet = (value: VariableValue): boolean =>
  Array.isArray(value) ? value.length > 0 : value !== null && value !== "";

const isEqual = (left: VariableValue, right: VariableValue): boolean => {
  if (!isSet(left) || !isSet(right)) return !isSet(left) && !isSet(right);
  return every(left, right, (a, b) => a.normalize("NFC") === b.normalize("NFC"));
};

const normalizeLoose = (text: string): string => text.normalize("NFC").trim().toLowerCase();

const contains = (left: VariableValue, right: VariableValue): boolean => {
  if (Array.isArray(left)) return some(left, right, (a, b) => normalizeLoose(a) === normalizeLoose(b));
  return some(left, right, (a, b) => normalizeLoose(a).includes(normalizeLoose(b)));
};

const NUMBER_PATTERN = /^-?(\d+\.?\d*|\.\d+)$/;

const compareOrder = (
  left: VariableValue,
  right: VariableValue,
  test: (a: number, b: number) => boolean,
): boolean => {
  if (left === null || right === null) return false;
  const { left: a, right: b } = toOrderable(left, right);
  return test(a, b);
};

/** Both as numbers when both are numeric, else as dates when both parse, else as lengths. */
const toOrderable = (left: VariableValue, right: VariableValue): { left: number; right: number } => {
  if (Array.isArray(left) || Array.isArray(right)) {
    return { left: lengthOf(left), right: lengthOf(right) };
  }
  const a = (left ?? "").trim();
  const b = (right ?? "").trim();
  if (NUMBER_PATTERN.test(a) && NUMBER_PATTERN.test(b)) return { left: Number(a), right: Number(b) };
  const dateA = parseDate(a);
  const dateB = parseDate(b);
  if (!Number.isNaN(dateA) && !Number.isNaN(dateB)) return { left: dateA, right: dateB };
  return { left: a.length, right: NUMBER_PATTERN.test(b) ? Number(b) : b.length };
};

/** A date only when the text is not a bare number ("+5", "3" are not dates). */
const parseDate = (text: string): number => (/^[+-]?\d+(\.\d+)?$/.test(text) ? Number.NaN : Date.parse(text));

const lengthOf = (value: VariableValue): number => {
  if (Array.isArray(value)) return value.length;
  const text = (value ?? "").trim();
  return NUMBER_PATTERN.test(text) ? Number(text) : text.length;
};

/** `/pattern/flags` or a bare pattern; undefined when invalid. */
const toRegex = (source: string): RegExp | undefined => {
  const literal = source.match(/^\/([\s\S]*)\/([dgimsuvy]*)$/);
  try {
    return literal ? new RegExp(literal[1] ?? "", literal[2]?.replace("g", "")) : new RegExp(source);
  } catch {
    return undefined;
  }
};

const isValidRegexSide = (right: VariableValue): boolean =>
  right !== null && toList(right).every((source) => source !== null && toRegex(source) !== undefined);

const matchesRegex = (left: VariableValue, right: VariableValue): boolean =>
  some(left, right, (a, b) => toRegex(b)?.test(a) ?? false);
