import { errorCodes, errorHttpStatuses, errorMessages } from "@parley/schemas";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const schemaRef = (name: string) => `#/components/schemas/${name}`;

/**
 * `value` with every reference rewritten by `rename` (`$ref` strings and a discriminator's `mapping`
 * values); a new tree, `value` is left as is.
 */
function renameRefs(value: Json, rename: (ref: string) => string): Json {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, rename));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === "$ref" && typeof item === "string") return [key, rename(item)];
      if (key === "mapping" && item !== null && typeof item === "object" && !Array.isArray(item))
        return [
          key,
          Object.fromEntries(
            Object.entries(item).map(([name, ref]) => [name, typeof ref === "string" ? rename(ref) : ref]),
          ),
        ];
      return [key, renameRefs(item, rename)];
    }),
  );
}

/** The schema with `additionalProperties: false` removed everywhere: what separates a read shape from a written one. */
function withoutClosedObjects(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutClosedObjects);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !(key === "additionalProperties" && item === false))
      .map(([key, item]) => [key, withoutClosedObjects(item)]),
  );
}

/** Whether two schemas say the same but for closed objects (a response's shape and a request's of one zod schema). */
export function isSameShape(a: unknown, b: unknown): boolean {
  return JSON.stringify(withoutClosedObjects(a as Json)) === JSON.stringify(withoutClosedObjects(b as Json));
}

/**
 * The schema without what a default changes between the two shapes: a property with a `default` is optional in
 * a request and required in an answer (which always carries it). Read as the request shape says it, an answer's
 * defaulted field is "absent means the default", which it never is.
 */
function withoutDefaultedRequired(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutDefaultedRequired);
  if (value === null || typeof value !== "object") return value;
  const properties = (value as { properties?: Record<string, { default?: unknown }> }).properties;
  return Object.fromEntries(
    Object.entries(value)
      .map(([key, item]): [string, Json] =>
        key === "required" && Array.isArray(item) && properties
          ? [key, item.filter((name) => properties[name as string]?.default === undefined)]
          : [key, withoutDefaultedRequired(item)],
      )
      .filter(([key, item]) => !(key === "required" && Array.isArray(item) && item.length === 0)),
  );
}

/**
 * The generator names a schema's response shape `<Name>Output` whenever its JSON Schema differs from the
 * request shape: zod objects are closed (`additionalProperties: false`) in requests only, and a property with a
 * default is required in answers only. Twins that differ by nothing else are one component, `<Name>` (the
 * request's shape, defaults included); twins that differ otherwise stay two components.
 */
function mergeOutputTwins(schemas: Record<string, Json>): Record<string, Json> {
  const merged = new Set<string>();
  const rename = (ref: string) => {
    const name = ref.replace("#/components/schemas/", "");
    return merged.has(name) ? schemaRef(name.slice(0, -"Output".length)) : ref;
  };
  const twins = Object.keys(schemas).filter(
    (name) => name.endsWith("Output") && schemas[name.slice(0, -"Output".length)] !== undefined,
  );
  // A twin's equality can depend on other twins it refers to: repeat until nothing more merges.
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of twins) {
      if (merged.has(name)) continue;
      const base = name.slice(0, -"Output".length);
      const same = (schema: Json) =>
        JSON.stringify(withoutDefaultedRequired(withoutClosedObjects(renameRefs(schema, rename))));
      if (same(schemas[name]!) === same(schemas[base]!)) {
        merged.add(name);
        changed = true;
      }
    }
  }
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => !merged.has(name))
      .map(([name, schema]) => [name, renameRefs(schema, rename)]),
  );
}

const statusOf = (code: (typeof errorCodes)[number]) => String(errorHttpStatuses[code]);

/**
 * One component per error code (`error.<CODE>`: the Error body with its code and fixed message) and one
 * shared response per code (`#/components/responses/<CODE>`), instead of the same response in every operation.
 */
function errorComponents() {
  const schemas = Object.fromEntries(
    errorCodes.map((code) => [
      `error.${code}`,
      {
        title: `${errorMessages[code]} (${statusOf(code)})`,
        allOf: [{ $ref: schemaRef("Error") }],
        properties: { code: { const: code }, message: { const: errorMessages[code] } },
        example: {
          code,
          message: errorMessages[code],
          issues:
            code === "BAD_REQUEST"
              ? [
                  {
                    message: "Too small: expected string to have >=1 characters",
                    path: ["name"],
                    code: "INVALID_FIELD",
                  },
                ]
              : [],
        },
      },
    ]),
  );
  const responses = Object.fromEntries(
    errorCodes.map((code) => [
      code,
      {
        description: `${errorMessages[code]} (${code})`,
        content: { "application/json": { schema: { $ref: schemaRef(`error.${code}`) } } },
      },
    ]),
  );
  return { schemas, responses };
}

/**
 * The answer of the operations that return only `{message: "success"}` (deletes, revokes…), defined once as
 * `#/components/responses/SUCCESS` instead of in each of them.
 */
const successResponse = {
  description: "OK",
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: { message: { type: "string", const: "success" } },
        required: ["message"],
        additionalProperties: false,
      },
      example: { message: "success" },
    },
  },
};
const successResponseText = JSON.stringify(successResponse);

/** Every `{message: "success"}` answer (with its example, so after the examples are applied) made a reference to `SUCCESS`. */
export function shareSuccessResponses<D extends object>(document: D): D {
  const doc = document as unknown as {
    paths?: Record<string, Record<string, { responses?: Record<string, Json> }>>;
    components?: { responses?: Record<string, Json> };
  };
  let shared = false;
  for (const pathItem of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      for (const [status, response] of Object.entries(operation?.responses ?? {})) {
        if (JSON.stringify(response) !== successResponseText) continue;
        operation.responses![status] = { $ref: "#/components/responses/SUCCESS" };
        shared = true;
      }
    }
  }
  if (shared)
    doc.components = {
      ...doc.components,
      responses: { SUCCESS: successResponse, ...doc.components?.responses },
    };
  return document;
}

/** Whether a response is the generated error answer of `code` (its schema is `error.<code>`), whatever its description. */
function isErrorResponseOf(response: Json, code: string): boolean {
  const schema = (response as { content?: { "application/json"?: { schema?: { $ref?: string } } } } | null)
    ?.content?.["application/json"]?.schema;
  return schema?.$ref === schemaRef(`error.${code}`);
}

/**
 * Makes the generated document readable and small without changing what it says: response twins of
 * request schemas merged, the contract's error bodies and responses defined once and referenced.
 */
export function compactOpenApiDocument<D extends object>(document: D): D {
  const doc = structuredClone(document) as unknown as {
    paths?: Record<string, Record<string, { responses?: Record<string, Json> }>>;
    webhooks?: Record<string, Record<string, { responses?: Record<string, Json> }>>;
    components?: { schemas?: Record<string, Json>; responses?: Record<string, Json> };
  };
  const errors = errorComponents();
  const codeByStatus = new Map(errorCodes.map((code) => [statusOf(code), code]));
  for (const pathItem of [...Object.values(doc.paths ?? {}), ...Object.values(doc.webhooks ?? {})]) {
    for (const operation of Object.values(pathItem)) {
      if (!operation?.responses) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const code = codeByStatus.get(status);
        if (code && isErrorResponseOf(response, code))
          operation.responses[status] = { $ref: `#/components/responses/${code}` };
        // The generator's wording of every 200 answer, said as HTTP says it.
        else if ((response as { description?: string }).description === "Successful response")
          (response as { description: string }).description = "OK";
      }
    }
  }
  const components = doc.components ?? {};
  const merged = mergeOutputTwins({ ...components.schemas, ...errors.schemas });
  doc.components = {
    ...components,
    schemas: merged,
    responses: { ...components.responses, ...errors.responses },
  };
  return renameDanglingOutputRefs(doc, merged) as unknown as D;
}

/** Refs to merged `<Name>Output` twins anywhere in the document now point at `<Name>`. */
function renameDanglingOutputRefs(doc: object, schemas: Record<string, Json>): Json {
  return renameRefs(doc as Json, (ref) => {
    const name = ref.replace("#/components/schemas/", "");
    if (!ref.startsWith("#/components/schemas/") || schemas[name] !== undefined) return ref;
    const base = name.endsWith("Output") ? name.slice(0, -"Output".length) : name;
    return schemas[base] !== undefined ? schemaRef(base) : ref;
  });
}

interface SharedOperation {
  parameters?: Json[];
  responses?: Record<string, Json>;
  security?: Json[];
}

/** Every operation object of the document's `paths` and `webhooks`. */
function pathOperations(doc: {
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
}): SharedOperation[] {
  return [...Object.values(doc.paths ?? {}), ...Object.values(doc.webhooks ?? {})].flatMap((item) =>
    Object.entries(item)
      .filter(([key]) => ["get", "put", "post", "delete", "patch"].includes(key))
      .map(([, operation]) => operation as SharedOperation),
  );
}

const pascalCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * What is repeated across operations, defined once and referenced: a path or header parameter written the same
 * way in several operations (`#/components/parameters/<name>`: the most common form of each name), and a 200 answer
 * several operations give the same (`#/components/responses/<Name>`, named after its one property: the answer
 * `{bot}` of creating, reading and restoring a bot is `Bot`). Run after the examples are
 * applied: only answers equal with their examples are shared. And the security most operations take (the bearer
 * scheme) is the document's `security`, written in an operation only where it differs (`[]`: no bearer).
 */
export function shareRepeatedParts<D extends object>(document: D): D {
  const doc = document as unknown as {
    paths?: Record<string, Record<string, unknown>>;
    components?: { parameters?: Record<string, Json>; responses?: Record<string, Json> };
    security?: Json[];
  };
  const operations = pathOperations(doc);
  const countBy = <T>(items: T[], key: (item: T) => string | null) => {
    const counts = new Map<string, { item: T; count: number }>();
    for (const item of items) {
      const text = key(item);
      if (text === null) continue;
      counts.set(text, { item, count: (counts.get(text)?.count ?? 0) + 1 });
    }
    return counts;
  };

  const sharedParameters = countBy(
    operations.flatMap((operation) => operation.parameters ?? []),
    (parameter) =>
      ["path", "header"].includes((parameter as { in?: string }).in ?? "") ? JSON.stringify(parameter) : null,
  );
  const parameterByText = new Map<string, string>();
  const parameters: Record<string, Json> = {};
  const repeated = [...sharedParameters.entries()]
    .filter(([, { count }]) => count > 1)
    .sort(([, a], [, b]) => b.count - a.count);
  for (const [text, { item }] of repeated) {
    const name = (item as { name: string }).name;
    if (parameters[name] !== undefined) continue;
    parameters[name] = item;
    parameterByText.set(text, name);
  }
  for (const operation of operations)
    operation.parameters = operation.parameters?.map((parameter) => {
      const name = parameterByText.get(JSON.stringify(parameter));
      return name === undefined ? parameter : { $ref: `#/components/parameters/${name}` };
    });

  const answerName = (response: Json): string | null => {
    const schema = (response as { content?: { "application/json"?: { schema?: { properties?: object } } } })
      ?.content?.["application/json"]?.schema;
    const keys = Object.keys(schema?.properties ?? {});
    return keys.length === 1 ? pascalCase(keys[0]!) : null;
  };
  const answers = countBy(
    operations.map((operation) => operation.responses?.["200"]).filter((response) => response !== undefined),
    (response) => ((response as { $ref?: string }).$ref === undefined ? JSON.stringify(response) : null),
  );
  const responses: Record<string, Json> = {};
  const answerByText = new Map<string, string>();
  for (const [text, { item, count }] of answers) {
    const name = answerName(item);
    if (count < 2 || name === null || responses[name] !== undefined || doc.components?.responses?.[name])
      continue;
    responses[name] = item;
    answerByText.set(text, name);
  }
  for (const operation of operations) {
    const name = operation.responses?.["200"] && answerByText.get(JSON.stringify(operation.responses["200"]));
    if (name) operation.responses!["200"] = { $ref: `#/components/responses/${name}` };
  }
  const securities = countBy(operations, (operation) =>
    operation.security === undefined ? null : JSON.stringify(operation.security),
  );
  const [commonSecurity] = [...securities.entries()].sort(([, a], [, b]) => b.count - a.count)[0] ?? [];
  if (commonSecurity !== undefined) {
    doc.security = JSON.parse(commonSecurity) as Json[];
    for (const operation of operations)
      if (JSON.stringify(operation.security) === commonSecurity) delete operation.security;
  }
  doc.components = {
    ...doc.components,
    parameters: { ...doc.components?.parameters, ...parameters },
    responses: { ...doc.components?.responses, ...responses },
  };
  return document;
}

/** `value` itself, or the component it refers to (`{$ref: "#/components/<section>/<name>"}`) in `document`. */
export function resolveComponent<T>(document: { components?: object }, value: T | { $ref: string }): T {
  const ref = (value as { $ref?: unknown } | null)?.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/components/")) return value as T;
  const [section, name] = ref.slice("#/components/".length).split("/");
  const target = (document.components as Record<string, Record<string, T>> | undefined)?.[section!]?.[name!];
  if (target === undefined) throw new Error(`The document has no ${ref}`);
  return target;
}

const errorResponseRef = /^#\/components\/responses\/([A-Z_]+)$/;

/**
 * The client errors (4xx) of each operation outside `exact` said once: `"4XX"` referring to
 * `#/components/responses/Errors-<statuses>` (e.g. `Errors-400-401-403-404`), a response whose body is
 * one of those codes' errors, shared by every operation that answers the same set — instead of one reference per
 * code in every operation. The contract's operations (`exact`, `METHOD /path`) keep one entry per code, as the
 * contract lists them; every operation keeps its 200 and its 500.
 */
export function groupClientErrors<D extends object>(document: D, exact: ReadonlySet<string>): D {
  const doc = structuredClone(document) as D & {
    paths?: Record<string, Record<string, { responses?: Record<string, Json> }>>;
    components?: { responses?: Record<string, Json> };
  };
  const groups: Record<string, Json> = {};
  for (const [route, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!operation?.responses || exact.has(`${method.toUpperCase()} ${route}`)) continue;
      const clientErrors = Object.entries(operation.responses).flatMap(([status, response]) => {
        const ref = (response as { $ref?: unknown } | null)?.$ref;
        const code = typeof ref === "string" ? errorResponseRef.exec(ref)?.[1] : undefined;
        return status.startsWith("4") && code ? [{ status, code }] : [];
      });
      if (clientErrors.length < 2) continue;
      clientErrors.sort((a, b) => a.status.localeCompare(b.status));
      const name = `Errors-${clientErrors.map((error) => error.status).join("-")}`;
      groups[name] ??= {
        description: `The request is refused: ${clientErrors.map((error) => `${error.code} (${error.status})`).join(", ")}; \`code\` says which.`,
        content: {
          "application/json": {
            schema: { oneOf: clientErrors.map((error) => ({ $ref: schemaRef(`error.${error.code}`) })) },
          },
        },
      };
      const responses: Record<string, Json> = {};
      for (const [status, response] of Object.entries(operation.responses)) {
        if (clientErrors.some((error) => error.status === status)) {
          if (responses["4XX"] === undefined) responses["4XX"] = { $ref: `#/components/responses/${name}` };
        } else responses[status] = response;
      }
      operation.responses = responses;
    }
  }
  doc.components = { ...doc.components, responses: { ...doc.components?.responses, ...groups } };
  return doc;
}

/**
 * What a generator writes twice or for nothing, removed: a parameter's `description` and `example` repeated in its
 * schema, an integer's bounds at ±(2^53 − 1), which every JSON number of an integer schema has anyway, and the
 * regular expression zod writes beside a standard `format` (`date-time`, `email`…), which the format names, and
 * `anyOf: [{type: T, …}, {type: "null"}]` written `type: [T, "null"]` (see nullableAsTypeList).
 */
export function dropRedundantKeywords<D extends object>(document: D): D {
  const standardFormats = new Set(["date-time", "date", "time", "email", "uuid"]);
  const cleaned = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(cleaned);
    if (value === null || typeof value !== "object") return value;
    const hasStandardFormat = standardFormats.has((value as { format?: string }).format ?? "");
    const entries = Object.entries(value).filter(
      ([key, item]) =>
        !(key === "minimum" && item === Number.MIN_SAFE_INTEGER) &&
        !(key === "maximum" && item === Number.MAX_SAFE_INTEGER) &&
        !(key === "pattern" && hasStandardFormat),
    );
    const object = nullableAsTypeList(Object.fromEntries(entries.map(([key, item]) => [key, cleaned(item)])));
    const schema = object.schema;
    if (
      typeof object.in === "string" &&
      schema !== null &&
      typeof schema === "object" &&
      !Array.isArray(schema)
    ) {
      const { description, example, ...rest } = schema;
      object.schema = {
        ...rest,
        ...(description !== undefined && description !== object.description ? { description } : {}),
        ...(example !== undefined && JSON.stringify(example) !== JSON.stringify(object.example)
          ? { example }
          : {}),
      };
    }
    return object;
  };
  return cleaned(document as unknown as Json) as unknown as D;
}

/** The component schemas a part of the document refers to, directly or through other components. */
function referredSchemas(part: Json, schemas: Record<string, Json>, found = new Set<string>()): Set<string> {
  const visit = (value: Json) => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === "object")
      for (const [key, item] of Object.entries(value)) {
        if (key === "$ref" && typeof item === "string" && item.startsWith("#/components/schemas/")) {
          const name = item.slice("#/components/schemas/".length);
          if (!found.has(name) && schemas[name] !== undefined) {
            found.add(name);
            visit(schemas[name]);
          }
        } else visit(item);
      }
  };
  visit(part);
  return found;
}

/**
 * `additionalProperties: false` kept where it tells a client something — the shapes it sends (request bodies and
 * parameters, and the components they use), whose unknown keys are refused — and removed from what only answers
 * use: a client reads the properties it knows and must ignore others anyway.
 */
export function openAnswerShapes<D extends object>(document: D): D {
  const doc = structuredClone(document) as D & {
    paths?: Record<string, Record<string, Json>>;
    components?: { schemas?: Record<string, Json>; responses?: Record<string, Json> };
  };
  const schemas = doc.components?.schemas ?? {};
  const sent: Json[] = [];
  for (const item of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(item ?? {})) {
      if (operation === null || typeof operation !== "object" || Array.isArray(operation)) continue;
      if (operation.requestBody !== undefined) sent.push(operation.requestBody);
      if (operation.parameters !== undefined) sent.push(operation.parameters);
    }
  const sharedParameters = (doc.components as { parameters?: Json } | undefined)?.parameters;
  if (sharedParameters) sent.push(sharedParameters);
  const keep = referredSchemas(sent, schemas);
  const open = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(open);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, item]) => !(key === "additionalProperties" && item === false))
        .map(([key, item]) => [key, open(item)]),
    );
  };
  for (const [name, schema] of Object.entries(schemas)) if (!keep.has(name)) schemas[name] = open(schema);
  for (const item of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(item ?? {})) {
      if (operation === null || typeof operation !== "object" || Array.isArray(operation)) continue;
      if (operation.responses !== undefined) operation.responses = open(operation.responses);
    }
  if (doc.components?.responses)
    doc.components.responses = open(doc.components.responses) as Record<string, Json>;
  return doc;
}

/**
 * A query parameter that several operations outside `exact` declare the same way (`workspaceId`, `timeFilter`,
 * `timeZone`, `cursor`…) said once in `components/parameters` (named after it) and referred to: of a name declared
 * in several ways (an operation's own example, another description), the way most operations declare it is shared
 * and the others stay inline. The contract's operations (`exact`) keep theirs inline, by name, as the contract
 * describes them.
 */
export function shareQueryParameters<D extends object>(document: D, exact: ReadonlySet<string>): D {
  const doc = structuredClone(document) as D & {
    paths?: Record<string, Record<string, { parameters?: Json[] }>>;
    components?: { parameters?: Record<string, Json> };
  };
  const shared = (operations: (route: string, method: string, parameter: Json, index: number) => void) => {
    for (const [route, item] of Object.entries(doc.paths ?? {}))
      for (const [method, operation] of Object.entries(item ?? {})) {
        if (!Array.isArray(operation?.parameters) || exact.has(`${method.toUpperCase()} ${route}`)) continue;
        operation.parameters.forEach((parameter, index) => {
          operations(route, method, parameter, index);
        });
      }
  };
  const declarations = new Map<string, Map<string, number>>();
  shared((_route, _method, parameter) => {
    const query = parameter as { in?: unknown; name?: unknown };
    if (query.in !== "query" || typeof query.name !== "string") return;
    const forms = declarations.get(query.name) ?? new Map<string, number>();
    const text = JSON.stringify(parameter);
    forms.set(text, (forms.get(text) ?? 0) + 1);
    declarations.set(query.name, forms);
  });
  const existing = doc.components?.parameters ?? {};
  const names = new Map<string, string>();
  for (const [name, forms] of declarations) {
    // The most common form (the first declared among equals): shared when two operations or more declare it.
    const [text, count] = [...forms].reduce((best, form) => (form[1] > best[1] ? form : best), ["", 0]);
    if (count < 2) continue;
    const key = existing[name] === undefined ? name : `${name}-query`;
    if (existing[key] !== undefined) continue;
    names.set(text, key);
  }
  const components: Record<string, Json> = {};
  shared((route, method, parameter, index) => {
    const key = names.get(JSON.stringify(parameter));
    if (!key) return;
    components[key] = parameter;
    const operation = doc.paths![route]![method]!;
    operation.parameters![index] = { $ref: `#/components/parameters/${key}` };
  });
  doc.components = { ...doc.components, parameters: { ...existing, ...components } };
  return doc;
}

/**
 * A component schema that repeats every property of another component (the generator writes a zod `.extend()`
 * out in full) written as `allOf: [{$ref: <the other>}, {what it adds}]`: `StartChatResponse` is a
 * `ContinueChatResponse` plus the session and the bot. Only for a base of three properties or more, the
 * largest base first.
 */
export function shareExtendedComponents<D extends object>(document: D): D {
  const schemas = (document as { components?: { schemas?: Record<string, Json> } }).components?.schemas ?? {};
  type ObjectSchema = { type?: string; properties?: Record<string, Json>; required?: string[] };
  const objectOf = (schema: Json) =>
    schema !== null && typeof schema === "object" && !Array.isArray(schema) && schema.type === "object"
      ? (schema as ObjectSchema)
      : null;
  const bases = Object.entries(schemas)
    .map(([name, schema]) => ({ name, schema: objectOf(schema) }))
    .filter(({ schema }) => Object.keys(schema?.properties ?? {}).length >= 3)
    .sort((a, b) => JSON.stringify(b.schema).length - JSON.stringify(a.schema).length);
  for (const [name, schema] of Object.entries(schemas)) {
    const extended = objectOf(schema);
    if (!extended?.properties) continue;
    const base = bases.find(
      (candidate) =>
        candidate.name !== name &&
        Object.keys(candidate.schema!).every((key) => ["type", "properties", "required"].includes(key)) &&
        Object.keys(extended.properties!).length > Object.keys(candidate.schema!.properties!).length &&
        Object.entries(candidate.schema!.properties!).every(
          ([key, value]) => JSON.stringify(extended.properties![key]) === JSON.stringify(value),
        ) &&
        (candidate.schema!.required ?? []).every((key) => extended.required?.includes(key)),
    );
    if (!base) continue;
    const baseProperties = base.schema!.properties!;
    const { type: _type, properties, required, ...rest } = extended;
    const added = Object.fromEntries(Object.entries(properties).filter(([key]) => !(key in baseProperties)));
    const addedRequired = (required ?? []).filter((key) => !(key in baseProperties));
    schemas[name] = {
      allOf: [
        { $ref: schemaRef(base.name) },
        {
          type: "object",
          properties: added,
          ...(addedRequired.length > 0 ? { required: addedRequired } : {}),
          ...rest,
        } as Json,
      ],
    };
  }
  return document;
}

/**
 * A nullable plain schema, `anyOf: [{type: "string", …}, {type: "null"}]` as the generator writes it, said as
 * JSON Schema 2020-12 says it: `type: ["string", "null"]` beside the same keywords. Not where the non-null branch
 * lists values (`enum`, `const`: null would then have to be listed too), refers to a component, or is not one
 * type.
 */
function nullableAsTypeList(schema: { [key: string]: Json }): { [key: string]: Json } {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const isNull = (branch: Json) => JSON.stringify(branch) === '{"type":"null"}';
  const other = branches.find((branch) => !isNull(branch));
  if (!branches.some(isNull) || other === undefined || other === null || typeof other !== "object")
    return schema;
  if (Array.isArray(other) || typeof other.type !== "string") return schema;
  if (["enum", "const", "$ref", "anyOf", "oneOf", "allOf"].some((key) => key in other)) return schema;
  if (Object.keys(other).some((key) => key in schema && key !== "anyOf")) return schema;
  const { anyOf: _anyOf, ...outer } = schema;
  return { ...other, ...outer, type: [other.type, "null"] };
}

/** How many times a component must be written nullable before its nullable form gets a component of its own. */
const NULLABLE_COMPONENT_MIN_USES = 3;

/**
 * `anyOf: [{$ref: <X>}, {type: "null"}]`, written wherever a field may be a component or null, made a component of
 * its own (`XOrNull`, the same `anyOf`) when it is written at least NULLABLE_COMPONENT_MIN_USES times: `Timestamp`
 * and `Id` are nullable in dozens of fields. Keywords beside the `anyOf` (a field's description) stay beside the
 * reference.
 */
export function shareNullableReferences<D extends object>(document: D): D {
  const doc = document as { components?: { schemas?: Record<string, Json> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  const referenceOf = (value: Json): string | null => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
    const branches = value.anyOf;
    if (!Array.isArray(branches) || branches.length !== 2) return null;
    const [first, second] = branches;
    if (JSON.stringify(second) !== '{"type":"null"}') return null;
    if (first === null || typeof first !== "object" || Array.isArray(first)) return null;
    const ref = first.$ref;
    return Object.keys(first).length === 1 && typeof ref === "string" && ref.startsWith(schemaRef(""))
      ? ref.slice(schemaRef("").length)
      : null;
  };
  const uses = new Map<string, number>();
  const count = (value: Json) => {
    if (Array.isArray(value)) value.forEach(count);
    else if (value !== null && typeof value === "object") {
      const name = referenceOf(value);
      if (name !== null) uses.set(name, (uses.get(name) ?? 0) + 1);
      Object.values(value).forEach(count);
    }
  };
  count(document as unknown as Json);
  const shared = new Set(
    [...uses]
      .filter(
        ([name, times]) => times >= NULLABLE_COMPONENT_MIN_USES && schemas[`${name}OrNull`] === undefined,
      )
      .map(([name]) => name),
  );
  const replaced = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(replaced);
    if (value === null || typeof value !== "object") return value;
    const name = referenceOf(value);
    if (name !== null && shared.has(name)) {
      const { anyOf: _anyOf, ...beside } = value;
      return { $ref: schemaRef(`${name}OrNull`), ...beside };
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaced(item)]));
  };
  const result = replaced(document as unknown as Json) as { components: { schemas: Record<string, Json> } };
  for (const name of [...shared].sort())
    result.components.schemas[`${name}OrNull`] = { anyOf: [{ $ref: schemaRef(name) }, { type: "null" }] };
  return result as unknown as D;
}
