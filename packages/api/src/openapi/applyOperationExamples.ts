import { type OperationExample, operationExamples } from "./operationExamples";

interface MediaTypes {
  content?: Record<string, { example?: unknown }>;
}
interface Operation {
  operationId?: string;
  parameters?: { name?: string; example?: unknown }[];
  requestBody?: MediaTypes;
  responses?: Record<string, MediaTypes>;
}

const methods = ["get", "put", "post", "delete", "patch"] as const;

/**
 * Every operation of the document's `paths` and `webhooks` (and of the path items they share,
 * `components/pathItems`: a `$ref` entry is listed where it is defined), with its operationId.
 */
export function listDocumentOperations(document: {
  paths?: Record<string, unknown>;
  webhooks?: Record<string, unknown>;
  components?: { pathItems?: Record<string, unknown> };
}) {
  const sections = {
    paths: document.paths,
    webhooks: document.webhooks,
    pathItems: document.components?.pathItems,
  };
  return (["paths", "webhooks", "pathItems"] as const).flatMap((section) =>
    Object.entries(sections[section] ?? {}).flatMap(([route, item]) =>
      methods
        .filter((method) => (item as Record<string, unknown>)[method] !== undefined)
        .map((method) => ({
          section,
          route,
          method,
          operation: (item as Record<string, Operation>)[method]!,
        })),
    ),
  );
}

function applyExample(operation: Operation, example: OperationExample) {
  for (const parameter of operation.parameters ?? []) {
    if (parameter.name !== undefined && example.parameters?.[parameter.name] !== undefined)
      parameter.example = example.parameters[parameter.name];
  }
  for (const [type, mediaType] of Object.entries(operation.requestBody?.content ?? {})) {
    const body = example.bodyByType ? example.bodyByType[type] : example.body;
    if (body !== undefined) mediaType.example = body;
  }
  for (const [type, mediaType] of Object.entries(operation.responses?.["200"]?.content ?? {})) {
    const response = example.responseByType ? example.responseByType[type] : example.response;
    if (response !== undefined) mediaType.example = response;
  }
}

/** Puts the example of operationExamples.ts on each operation that has one (the test names those that do not). */
export function applyOperationExamples<D extends object>(document: D): D {
  for (const { operation } of listDocumentOperations(document)) {
    const example = operation.operationId ? operationExamples[operation.operationId] : undefined;
    if (example) applyExample(operation, example);
  }
  return document;
}
