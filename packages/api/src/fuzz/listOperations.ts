import type { OperationShape } from "./requestArbitrary";

type JsonSchema = { $ref?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema } & Record<
  string,
  unknown
>;

interface OpenApiLike {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

/** The REST operations of an OpenAPI document, with the names the fuzzer should aim at. */
export function listOperations(document: OpenApiLike): OperationShape[] {
  const schemas = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const collectKeys = (schema: JsonSchema | undefined, seen = new Set<JsonSchema>()): string[] => {
    if (!schema || seen.has(schema)) return [];
    seen.add(schema);
    if (schema.$ref) return collectKeys(schemas[schema.$ref.split("/").pop() ?? ""], seen);
    const nested = [
      ...Object.values(schema.properties ?? {}),
      ...(schema.items ? [schema.items] : []),
      ...(["anyOf", "oneOf", "allOf"] as const).flatMap(
        (key) => (schema[key] as JsonSchema[] | undefined) ?? [],
      ),
    ];
    return [...Object.keys(schema.properties ?? {}), ...nested.flatMap((child) => collectKeys(child, seen))];
  };
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => ["get", "post", "patch", "put", "delete"].includes(method))
      .map(([method, raw]) => {
        const operation = raw as {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        };
        const parameters = operation.parameters ?? [];
        const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
        return {
          method: method.toUpperCase(),
          route,
          pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
          queryParams: parameters.filter((p) => p.in === "query").map((p) => p.name),
          bodyKeys: [...new Set(collectKeys(bodySchema))].concat(["name"]).slice(0, 60),
        };
      }),
  );
}
