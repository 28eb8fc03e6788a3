import fc from "fast-check";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  minimum?: number;
} & Record<string, unknown>;

export interface OperationShape {
  method: string;
  route: string;
  pathParams: string[];
  queryParams: string[];
  /** Property names of the JSON body, nested objects included (from the OpenAPI schema). */
  bodyKeys: string[];
  /** The body's schema, `$ref`s resolved, to build well-formed bodies with one bad string in them. */
  bodySchema?: JsonSchema;
  /** A chat endpoint ({chat_url}; also served by the builder and the chat server). */
  isChat?: boolean;
}

export interface FuzzIds {
  /** Ids that exist and belong to the team, by path parameter name. */
  own: Record<string, string[]>;
  /** Ids of another workspace's records. */
  foreign: string[];
  tokens: string[];
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Strings that break the text rule (docs/api.md, "Text, nesting and request lines"). */
const illFormedStrings = ["\u0000", "a\u0000b", "\ud800", "x\udc00y", "\udbff\u0000", "🤖\ud83e"];

const nastyStrings = fc.constantFrom(
  "",
  " ",
  "null",
  "undefined",
  "0",
  "-1",
  "1e308",
  "NaN",
  "true",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "%00",
  "%E0%A4%A",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "root",
  "x".repeat(5000),
  "🤖".repeat(50),
  "2026-13-45T99:99:99Z",
  "Europe/Paris",
  "allTime",
  "ADMIN",
  ...illFormedStrings,
);

/** Path segments no handler can serve, or that try to walk out of the route. */
const nastySegments = fc.oneof(
  fc.constantFrom(
    "%E0%A4%A",
    "%ZZ",
    "%",
    "%0",
    "%C0%AF",
    "%ED%A0%80",
    "%FF",
    "%00",
    "a%00b",
    "..",
    "%2e%2e",
    ".",
    "",
    "%2F",
    "..%2F..%2Fetc%2Fpasswd",
    "%u0000",
  ),
  fc.integer({ min: 256, max: 8_000 }).map((length) => "a".repeat(length)),
);

const jsonLeaf = fc.oneof(
  nastyStrings,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

function bodyValue(keys: string[]) {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      jsonLeaf,
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(
        fc.oneof(fc.constantFrom(...keys, "__proto__", "constructor"), fc.string({ maxLength: 8 })),
        tie("value"),
        {
          maxKeys: 6,
        },
      ),
    ),
  }));
  return value;
}

const idValue = (ids: FuzzIds, name: string) =>
  fc.oneof(
    fc.constantFrom(...(ids.own[name] ?? ["missing0001"])),
    fc.constantFrom(...ids.foreign),
    nastyStrings,
    fc.string({ maxLength: 80 }),
  );

const authorization = (ids: FuzzIds) =>
  fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...ids.tokens).map((token) => `Bearer ${token}`),
    fc.constantFrom(...ids.tokens).map((token) => `Bearer ${token}`),
    nastyStrings.map((value) => `Bearer ${value}`),
    fc.string({ maxLength: 60 }),
    fc.constantFrom(
      "Basic dXNlcjpwYXNz",
      "Bearer",
      "bearer bt_x",
      "Bearer ck_nope",
      `Bearer ${"x".repeat(4000)}`,
    ),
  );

/**
 * A well-formed body for a schema (every property, the first option of a union, ids of the team where a
 * property names one), cut at a depth. The fuzzer then puts one bad string into it, so the request gets past
 * the shape checks to the field it aims at.
 */
function sampleBody(schema: JsonSchema | undefined, ids: FuzzIds, name = "", depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    const option = options.find((candidate) => candidate.type !== "null") ?? options[0];
    return sampleBody(option, ids, name, depth + 1);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleBody(part, ids, name, depth + 1)));
  }
  const type = Array.isArray(schema.type)
    ? schema.type.find((candidate) => candidate !== "null")
    : schema.type;
  switch (type ?? (schema.properties ? "object" : undefined)) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [
          key,
          sampleBody(child, ids, key, depth + 1),
        ]),
      );
    case "array":
      return [sampleBody(schema.items, ids, name, depth + 1)];
    case "string":
      return ids.own[name]?.[0] ?? "x".repeat(Math.max(1, schema.minLength ?? 1));
    case "number":
    case "integer":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    default:
      return null;
  }
}

/** Paths of every string in a JSON value (and a new key at the top when there is none). */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function setAt(root: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cursor = copy;
  path.slice(0, -1).forEach((segment) => {
    cursor = cursor[segment] as Record<string | number, unknown>;
  });
  cursor[path.at(-1) ?? ""] = leaf;
  return copy;
}

/** Bodies aimed at the text rule: the sample body with one of its strings (or a key) made ill-formed. */
function illFormedBody(operation: OperationShape, ids: FuzzIds) {
  const sample = sampleBody(operation.bodySchema, ids);
  const base = typeof sample === "object" && sample !== null ? sample : {};
  const paths = stringPaths(base);
  return fc
    .record({
      index: fc.nat(),
      bad: fc.constantFrom(...illFormedStrings),
      asKey: fc.boolean(),
    })
    .map(({ index, bad, asKey }) => {
      if (paths.length === 0 || asKey) return JSON.stringify({ ...base, [`k${bad}`]: bad });
      return JSON.stringify(setAt(base, paths[index % paths.length] ?? [], bad));
    });
}

/** JSON nested from just past the limit (64) to far past it, in a field the endpoint may ignore. */
const deepBody = fc
  .integer({ min: 60, max: 6_000 })
  .map((depth) => `{"ignored":${"[".repeat(depth)}${"]".repeat(depth)}}`);

const rawBody = (operation: OperationShape, ids: FuzzIds) =>
  fc.oneof(
    bodyValue(operation.bodyKeys).map((value) => JSON.stringify(value) ?? "null"),
    fc
      .dictionary(fc.constantFrom(...operation.bodyKeys, "extra"), bodyValue(operation.bodyKeys), {
        maxKeys: 5,
      })
      .map((value) => JSON.stringify(value)),
    fc.constantFrom("{", "[]", "null", '{"a":', "not json", '{"__proto__":{"polluted":1}}', ""),
    fc.string({ maxLength: 100 }),
    illFormedBody(operation, ids),
    illFormedBody(operation, ids),
    deepBody,
  );

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Served methods, and some that no route serves (TRACE, WebDAV's). */
const methods = fc.constantFrom(
  "GET",
  "POST",
  "PATCH",
  "DELETE",
  "PUT",
  "HEAD",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "MKCOL",
  "LINK",
  "PURGE",
);

/** Keeps percent-escapes (even malformed ones) as they are and escapes what a request line cannot carry. */
function toRequestTarget(path: string): string {
  return path.replace(/[^\x21-\x7e]|[?#]/gu, (character) => encodeURIComponent(character));
}

/**
 * Random and malformed requests for one operation: path ids and segments (malformed escapes, `%00`, `..`,
 * very long segments), methods, query values, bodies (random JSON, bodies of the schema with one NUL or
 * unpaired surrogate, nesting past the limit, malformed JSON) and headers (credentials, content types,
 * request ids). Paths are relative to `/api/v1`.
 */
export function requestArbitrary(operation: OperationShape, ids: FuzzIds): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.tuple(...operation.pathParams.map((name) => idValue(ids, name)));
  const query = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...operation.queryParams, "extra"), fc.string({ maxLength: 10 })),
      fc.oneof(idValue(ids, "workspaceId"), nastyStrings),
    ),
    { maxLength: 5 },
  );
  const headers = fc.record({
    authorization: authorization(ids),
    contentType: fc.constantFrom(
      "application/json",
      "application/json",
      "application/json",
      "text/plain",
      "",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/json; charset=utf-8",
      "application/json; charset=latin1",
      "application/vnd.api+json",
      "text/json",
    ),
    requestId: fc.oneof(fc.constant(undefined), nastyStrings, fc.constant("a".repeat(129))),
    origin: fc.option(fc.constantFrom("https://example.com", "null", "http://localhost:1", "%00"), {
      nil: undefined,
    }),
    forwardedFor: fc.option(fc.constantFrom("1.2.3.4", "::1, 10.0.0.1", "not an address", ""), {
      nil: undefined,
    }),
  });
  const hasBody = ["POST", "PATCH", "PUT", "DELETE"].includes(operation.method);
  const segmentCount = operation.route.split("/").length;
  return fc
    .record({
      pathValues,
      query,
      headers,
      body: hasBody
        ? fc.option(rawBody(operation, ids), { nil: undefined, freq: 6 })
        : fc.option(deepBody, { nil: undefined, freq: 8 }),
      encode: fc.boolean(),
      method: fc.oneof(fc.constant(operation.method), fc.constant(operation.method), methods),
      // Sometimes one segment of the path is replaced by a segment no handler can serve.
      segment: fc.option(fc.tuple(fc.nat({ max: segmentCount }), nastySegments), { nil: undefined, freq: 3 }),
    })
    .map(({ pathValues: values, query: pairs, headers: h, body, encode, method, segment }) => {
      let path = operation.route;
      operation.pathParams.forEach((name, index) => {
        const value = String(values[index] ?? "").replace(LONE_SURROGATE, "\ufffd");
        path = path.replace(`{${name}}`, encode ? encodeURIComponent(value) : value.replace(/[?#]/g, ""));
      });
      if (segment) {
        const parts = path.split("/");
        parts[Math.min(segment[0], parts.length - 1) || 1] = segment[1];
        path = parts.join("/");
      }
      const search = new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString();
      const requestHeaders: Record<string, string> = {};
      if (h.authorization !== undefined) requestHeaders.authorization = h.authorization;
      if (h.contentType) requestHeaders["content-type"] = h.contentType;
      if (h.requestId !== undefined) requestHeaders["x-request-id"] = h.requestId;
      if (h.origin !== undefined) requestHeaders.origin = h.origin;
      if (h.forwardedFor !== undefined) requestHeaders["x-forwarded-for"] = h.forwardedFor;
      return {
        method,
        path: `${toRequestTarget(path)}${search ? `?${search}` : ""}`,
        headers: requestHeaders,
        body,
      };
    });
}
