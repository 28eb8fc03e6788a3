import Ajv2020 from "ajv/dist/2020";

const ajv = new Ajv2020({ strict: false, allErrors: true });

/**
 * Whether `schema` can be a tool's parameters: a valid JSON Schema (draft 2020-12, checked against its
 * meta-schema) describing an object, as every model protocol requires; each problem says where it is.
 */
export function validateParametersSchema(schema: unknown): string[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return ['The parameters must be a JSON object, like {"type": "object", "properties": {…}}'];
  const problems: string[] = [];
  if (!ajv.validateSchema(schema))
    for (const error of ajv.errors ?? []) {
      const where = error.instancePath === "" ? "the schema" : error.instancePath;
      const allowed =
        error.keyword === "enum" && Array.isArray(error.params.allowedValues)
          ? `: ${error.params.allowedValues.join(", ")}`
          : "";
      problems.push(`At ${where}: ${error.message ?? "invalid"}${allowed}`);
    }
  const root = schema as Record<string, unknown>;
  if (root.type !== "object") problems.push('At /type: the parameters must be of type "object"');
  const properties = root.properties;
  if (Array.isArray(root.required) && (typeof properties !== "object" || properties === null))
    problems.push("At /required: there are no properties to require");
  else if (Array.isArray(root.required))
    for (const [index, name] of root.required.entries())
      if (typeof name === "string" && !(name in (properties as object)))
        problems.push(`At /required/${index}: "${name}" is not one of the properties`);
  return [...new Set(problems)];
}
