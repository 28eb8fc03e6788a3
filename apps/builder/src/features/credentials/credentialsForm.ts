import {
  type CredentialsFieldFacts,
  type CredentialsType,
  getCredentialsDefinition,
  getFieldFacts,
} from "@parley/schemas/credentials";
import { z } from "zod";
import { describeSchema, type FieldKind } from "../editor/settings/form/schemaIntrospection";

/** One field of a credentials form, generated from the kind's schema and its definition's facts. */
export interface CredentialsFormField {
  /** Dotted path in `data` (`from.email`, `live.secretKey`). */
  path: string;
  kind: "string" | "number" | "boolean" | "group";
  facts: CredentialsFieldFacts;
  /** The schema accepts the field left out (optional, or with a default). */
  isOptional: boolean;
  /** It must be filled: neither it nor a group it belongs to is optional. */
  isRequired: boolean;
  /** A group's fields. */
  fields: CredentialsFormField[];
}

export type CredentialsFormValues = Record<string, string | boolean>;

const formKinds: Partial<Record<FieldKind["kind"], CredentialsFormField["kind"]>> = {
  string: "string",
  number: "number",
  boolean: "boolean",
  object: "group",
};

/** The form of a credentials kind: its schema's fields, each with the label, hint and secrecy its definition gives. */
export function getCredentialsFormFields(type: CredentialsType): CredentialsFormField[] {
  const definition = getCredentialsDefinition(type);
  const facts = getFieldFacts(definition);
  const walk = (schema: z.ZodObject, prefix: string, isParentRequired: boolean): CredentialsFormField[] => {
    const described = describeSchema(schema);
    if (described.kind !== "object") return [];
    return described.fields.map(([key, fieldKind]) => {
      const path = prefix + key;
      const kind = formKinds[fieldKind.kind];
      const fieldFacts = facts.get(path);
      if (!kind || !fieldFacts)
        throw new Error(`Credentials "${type}": no form field for "${path}" (${fieldKind.kind})`);
      const fieldSchema: z.ZodType = schema.shape[key];
      const isOptional = fieldSchema.safeParse(undefined).success;
      const isRequired = isParentRequired && !isOptional;
      const inner = innerObject(fieldSchema);
      return {
        path,
        kind,
        facts: fieldFacts,
        isOptional,
        isRequired,
        fields: inner ? walk(inner, `${path}.`, isRequired) : [],
      };
    });
  };
  return walk(definition.schema, "", true);
}

/** The object schema inside an optional or defaulted field, if it is one. */
function innerObject(schema: z.ZodType): z.ZodObject | undefined {
  let current: z.core.$ZodType = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current.unwrap();
  return current instanceof z.ZodObject ? current : undefined;
}

/** Where a new form starts: the schema's defaults (an SMTP port of 587, TLS off), nothing else. */
export function getInitialCredentialsValues(type: CredentialsType): CredentialsFormValues {
  const values: CredentialsFormValues = {};
  const schema: z.ZodObject = getCredentialsDefinition(type).schema;
  const visit = (fields: CredentialsFormField[], shape: Record<string, z.ZodType>) => {
    for (const field of fields) {
      const key = field.path.split(".").at(-1) ?? field.path;
      const fieldSchema = shape[key];
      if (!fieldSchema) continue;
      if (field.kind === "group") {
        const inner = innerObject(fieldSchema);
        if (inner) visit(field.fields, inner.shape as Record<string, z.ZodType>);
        continue;
      }
      const parsed = fieldSchema.safeParse(undefined);
      if (parsed.success && parsed.data !== undefined)
        values[field.path] = typeof parsed.data === "boolean" ? parsed.data : String(parsed.data);
    }
  };
  visit(getCredentialsFormFields(type), schema.shape as Record<string, z.ZodType>);
  return values;
}

/**
 * The form's values as the API's `data`: nested, numbers parsed, text trimmed, empty fields left
 * out. A kind whose data is pasted as JSON reads the pasted object instead; throws, with a message
 * for the form, when that is not a JSON object.
 */
export function buildCredentialsData(
  type: CredentialsType,
  values: CredentialsFormValues,
  pastedJson: string,
): Record<string, unknown> {
  const pasted = getCredentialsDefinition(type).pastedJson;
  if (pasted) return parseJsonObject(pastedJson, pasted.label);
  const data: Record<string, unknown> = {};
  const visit = (fields: CredentialsFormField[]) => {
    for (const field of fields) {
      if (field.kind === "group") {
        visit(field.fields);
        continue;
      }
      const raw = values[field.path];
      if (raw === undefined || raw === "") continue;
      const value = field.kind === "number" ? Number(raw) : typeof raw === "string" ? raw.trim() : raw;
      const segments = field.path.split(".");
      let target = data;
      for (const segment of segments.slice(0, -1)) {
        const next = target[segment];
        const child: Record<string, unknown> = next && typeof next === "object" ? { ...next } : {};
        target[segment] = child;
        target = child;
      }
      target[segments.at(-1) ?? field.path] = value;
    }
  };
  visit(getCredentialsFormFields(type));
  return data;
}

/** A pasted key file that is not a JSON object; `label` names the field, for the form's message. */
export class PastedJsonError extends Error {
  constructor(readonly label: string) {
    super(`${label}: paste the whole JSON file, from { to }`);
  }
}

function parseJsonObject(text: string, label: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return { ...parsed };
  } catch {
    // Reported below like any other value that is not a JSON object.
  }
  throw new PastedJsonError(label);
}
