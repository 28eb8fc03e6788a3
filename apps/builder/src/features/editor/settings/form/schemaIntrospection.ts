import { z } from "zod";

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

/** The part of a JSON Schema (zod's `z.toJSONSchema`, draft 2020-12) a settings form reads. */
interface JsonSchemaNode {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode | boolean;
  prefixItems?: JsonSchemaNode[];
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
}

const described = new WeakMap<z.core.$ZodType, FieldKind>();

/**
 * Describes a zod schema (optional, nullable and default wrappers removed) as a form field, from
 * its JSON Schema: what zod publishes about a schema, rather than its internals.
 */
export function describeSchema(schema: z.core.$ZodType): FieldKind {
  const known = described.get(schema);
  if (known) return known;
  // Transforms and custom checks have no JSON Schema: they read as any value (an unknown field).
  const root = z.toJSONSchema(schema, { unrepresentable: "any" }) as JsonSchemaNode;
  const kind = describeNode(root, root, new Set());
  described.set(schema, kind);
  return kind;
}

/** `node` as a field; `root` resolves references, `seen` the ones being described (a recursive schema). */
function describeNode(node: JsonSchemaNode, root: JsonSchemaNode, seen: ReadonlySet<string>): FieldKind {
  if (node.$ref !== undefined) {
    const target = resolveReference(root, node.$ref);
    if (!target || seen.has(node.$ref)) return { kind: "unknown" };
    return describeNode(target, root, new Set([...seen, node.$ref]));
  }
  const options = node.anyOf ?? node.oneOf;
  if (options) return describeUnion(options, root, seen);
  if (Array.isArray(node.type))
    return describeUnion(
      node.type.map((type) => ({ ...node, type })),
      root,
      seen,
    );
  switch (node.type) {
    case "string":
      if (node.enum) return { kind: "enum", values: node.enum as string[] };
      if (node.const !== undefined) return { kind: "enum", values: [node.const as string] };
      return { kind: "string" };
    case "number":
    case "integer":
      return node.const === undefined && !node.enum ? { kind: "number" } : { kind: "unknown" };
    case "boolean":
      return node.const === undefined ? { kind: "boolean" } : { kind: "unknown" };
    case "object":
      // An object without properties is a record: keys are the author's, not the schema's.
      return node.properties
        ? {
            kind: "object",
            fields: Object.entries(node.properties).map(([key, value]) => [
              key,
              describeNode(value, root, seen),
            ]),
          }
        : { kind: "unknown" };
    case "array":
      // A tuple (`prefixItems`) has no one element to repeat.
      return node.prefixItems || typeof node.items !== "object"
        ? { kind: "unknown" }
        : { kind: "array", element: describeNode(node.items, root, seen) };
    default:
      return { kind: "unknown" };
  }
}

/** A nullable schema is its other option; a number or a `{{variable}}` text is `numberOrText`. */
function describeUnion(
  options: JsonSchemaNode[],
  root: JsonSchemaNode,
  seen: ReadonlySet<string>,
): FieldKind {
  const present = options.filter((option) => option.type !== "null");
  if (present.length === 1 && present.length < options.length) return describeNode(present[0]!, root, seen);
  const kinds = present.map((option) => describeNode(option, root, seen).kind);
  if (kinds.includes("number") && kinds.includes("string")) return { kind: "numberOrText" };
  return { kind: "unknown" };
}

/** The schema a local reference (`#`, `#/$defs/name`) points at. */
function resolveReference(root: JsonSchemaNode, reference: string): JsonSchemaNode | undefined {
  if (!reference.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const part of reference.slice(1).split("/").filter(Boolean)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node !== null && typeof node === "object" ? (node as JsonSchemaNode) : undefined;
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
