import type { z } from "zod";

/** What a settings form needs to know about one field of a zod schema. */
export type FieldKind =
  | { kind: "string" }
  | { kind: "number" }
  | { kind: "boolean" }
  /** A number that may also be written as a `{{variable}}` reference. */
  | { kind: "numberOrText" }
  | { kind: "enum"; values: string[] }
  | { kind: "object"; fields: [string, FieldKind][] }
  | { kind: "array"; element: FieldKind }
  | { kind: "unknown" };

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      innerType?: ZodInternals;
      shape?: Record<string, ZodInternals>;
      entries?: Record<string, string>;
      element?: ZodInternals;
      options?: ZodInternals[];
      values?: unknown[];
      in?: ZodInternals;
      out?: ZodInternals;
    };
  };
}

/** Describes a zod schema (optional, nullable and default wrappers removed) as a form field. */
export function describeSchema(schema: z.ZodType | ZodInternals): FieldKind {
  const def = (schema as ZodInternals)._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
      return describeSchema(def.innerType!);
    case "pipe":
      return describeSchema(def.out!);
    case "string":
      return { kind: "string" };
    case "number":
      return { kind: "number" };
    case "boolean":
      return { kind: "boolean" };
    case "enum":
      return { kind: "enum", values: Object.values(def.entries ?? {}) };
    case "literal":
      return def.values?.length === 1 && typeof def.values[0] === "string"
        ? { kind: "enum", values: def.values as string[] }
        : { kind: "unknown" };
    case "object":
      return {
        kind: "object",
        fields: Object.entries(def.shape ?? {}).map(([key, value]) => [key, describeSchema(value)]),
      };
    case "array":
      return { kind: "array", element: describeSchema(def.element!) };
    case "union": {
      const kinds = (def.options ?? []).map((option) => describeSchema(option).kind);
      if (kinds.includes("number") && kinds.includes("string")) return { kind: "numberOrText" };
      return { kind: "unknown" };
    }
    default:
      return { kind: "unknown" };
  }
}

/** "buttonLabel" → "Button label", "isMultipleChoice" → "Multiple choice". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/^(is|are|has|should)(?=[A-Z])/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Reads the value at a path of keys. */
export function getAtPath(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/**
 * A copy of `value` with `next` written at `path` (objects created on the way); `undefined`
 * removes the key, and objects left empty by a removal are removed too.
 */
export function setAtPath<T>(value: T, path: readonly (string | number)[], next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const container = (value ?? (typeof key === "number" ? [] : {})) as Record<string | number, unknown>;
  const child = setAtPath(container[key], rest, next);
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[key as number] = child;
    return copy as T;
  }
  const copy: Record<string | number, unknown> = { ...container };
  if (child === undefined || (isEmptyObject(child) && rest.length > 0)) delete copy[key];
  else copy[key] = child;
  return copy as T;
}

function isEmptyObject(value: unknown) {
  return (
    value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0
  );
}
