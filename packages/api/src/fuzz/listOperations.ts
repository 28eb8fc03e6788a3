import { resolveComponent } from "../openapi/compactDocument";
import type { JsonSchema, OperationShape } from "./requestArbitrary";

interface OpenApiLike {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = ["get", "post", "patch", "put", "delete"];

/**
 * The operations of an OpenAPI document, with what the fuzzer aims at: parameter names, the property names
 * of the JSON body and the body's schema with its `$ref`s resolved (recursive schemas cut at a depth).
 * `isChat`: every operation of the chat runtime's document (`isChatDocument`), and in {base_url}'s those whose path
 * item names its own server ({chat_url}: the viewer), as the contract's chat endpoints do.
 */
export function listOperations(
  document: OpenApiLike,
  { isChatDocument = false }: { isChatDocument?: boolean } = {},
): OperationShape[] {
  const schemas = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
    if (!schema || depth > 12) return undefined;
    const target = schema.$ref ? schemas[schema.$ref.split("/").pop() ?? ""] : schema;
    if (!target) return undefined;
    const resolved: JsonSchema = { ...target };
    delete resolved.$ref;
    if (target.properties) {
      resolved.properties = Object.fromEntries(
        Object.entries(target.properties).map(([key, child]) => [key, resolve(child, depth + 1) ?? {}]),
      );
    }
    if (target.items) resolved.items = resolve(target.items, depth + 1);
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      const options = target[key];
      if (options) resolved[key] = options.map((option) => resolve(option, depth + 1) ?? {});
    }
    if (target.additionalProperties && typeof target.additionalProperties === "object") {
      resolved.additionalProperties = resolve(target.additionalProperties, depth + 1);
    }
    return resolved;
  };
  const collectKeys = (schema: JsonSchema | undefined): string[] => {
    if (!schema) return [];
    const nested = [
      ...Object.values(schema.properties ?? {}),
      ...(schema.items ? [schema.items] : []),
      ...(["anyOf", "oneOf", "allOf"] as const).flatMap((key) => schema[key] ?? []),
    ];
    return [...Object.keys(schema.properties ?? {}), ...nested.flatMap(collectKeys)];
  };
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => METHODS.includes(method))
      .map(([method, raw]) => {
        const operation = raw as {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        };
        const parameters = (operation.parameters ?? []).map((parameter) =>
          resolveComponent(document, parameter),
        );
        const bodySchema = resolve(operation.requestBody?.content?.["application/json"]?.schema);
        return {
          method: method.toUpperCase(),
          route,
          pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
          queryParams: parameters.filter((p) => p.in === "query").map((p) => p.name),
          bodyKeys: [...new Set(collectKeys(bodySchema))].concat(["name"]).slice(0, 60),
          bodySchema,
          isChat: isChatDocument || Array.isArray(item?.servers),
        };
      }),
  );
}
