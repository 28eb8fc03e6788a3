/**
 * The parameters of an agent's HTTP tool as a list the panel edits, and the JSON Schema object the model
 * is given (`{type: "object", properties, required}`). A schema the list cannot show (nested objects,
 * arrays, other keywords) is edited as JSON only.
 */

export const parameterTypes = ["string", "number", "integer", "boolean", "enum"] as const;
export type ParameterType = (typeof parameterTypes)[number];

export interface SchemaParameter {
  name: string;
  type: ParameterType;
  description: string;
  required: boolean;
  /** Allowed values of an `enum`. */
  values: string[];
}

export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The JSON Schema of a parameter list; rows without a name are left out. */
export function parametersToSchema(parameters: SchemaParameter[]): JsonObject {
  const named = parameters.filter((parameter) => parameter.name.trim() !== "");
  const properties: JsonObject = {};
  for (const parameter of named) {
    const property: JsonObject =
      parameter.type === "enum" ? { type: "string", enum: parameter.values } : { type: parameter.type };
    if (parameter.description.trim() !== "") property.description = parameter.description;
    properties[parameter.name.trim()] = property;
  }
  const required = named.filter((parameter) => parameter.required).map((parameter) => parameter.name.trim());
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

/** The list a schema reads as, or null when it holds more than the list can show (edited as JSON). */
export function schemaToParameters(schema: unknown): SchemaParameter[] | null {
  if (schema === undefined) return [];
  if (!isObject(schema) || schema.type !== "object") return null;
  const { type: _type, properties = {}, required = [], ...rest } = schema;
  if (Object.keys(rest).some((key) => key !== "additionalProperties" || rest[key] !== false)) return null;
  if (!isObject(properties) || !Array.isArray(required)) return null;
  const parameters: SchemaParameter[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) return null;
    const { type, description, enum: values, ...others } = property;
    if (Object.keys(others).length > 0) return null;
    if (description !== undefined && typeof description !== "string") return null;
    const isEnum = Array.isArray(values);
    if (isEnum && (type !== "string" || !values.every((value) => typeof value === "string"))) return null;
    if (!isEnum && !(parameterTypes as readonly unknown[]).includes(type)) return null;
    parameters.push({
      name,
      type: isEnum ? "enum" : (type as ParameterType),
      description: description ?? "",
      required: required.includes(name),
      values: isEnum ? (values as string[]) : [],
    });
  }
  if (required.some((name) => typeof name !== "string" || !(name in properties))) return null;
  return parameters;
}
