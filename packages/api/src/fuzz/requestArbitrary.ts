import fc from "fast-check";

export interface OperationShape {
  method: string;
  route: string;
  pathParams: string[];
  queryParams: string[];
  /** Property names of the JSON body, nested objects included (from the OpenAPI schema). */
  bodyKeys: string[];
}

export interface FuzzIds {
  /** Ids that exist and belong to the team, by path parameter name. */
  own: Record<string, string[]>;
  /** Ids of another workspace's records. */
  foreign: string[];
  tokens: string[];
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

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
  "\u0000",
  "\ud800",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "root",
  "x".repeat(5000),
  "🤖".repeat(50),
  "2026-13-45T99:99:99Z",
  "Europe/Paris",
  "allTime",
  "ADMIN",
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
    fc.constantFrom("Basic dXNlcjpwYXNz", "Bearer", "bearer bt_x", "Bearer ck_nope"),
  );

const rawBody = (keys: string[]) =>
  fc.oneof(
    bodyValue(keys).map((value) => JSON.stringify(value) ?? "null"),
    fc
      .dictionary(fc.constantFrom(...keys, "extra"), bodyValue(keys), { maxKeys: 5 })
      .map((value) => JSON.stringify(value)),
    fc.constantFrom("{", "[]", "null", '{"a":', "not json", '{"__proto__":{"polluted":1}}', ""),
    fc.string({ maxLength: 100 }),
  );

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Random and malformed requests for one operation: path ids, query values, bodies and headers. */
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
      "text/plain",
      "",
      "application/x-www-form-urlencoded",
      "application/json; charset=utf-8",
    ),
    requestId: fc.oneof(fc.constant(undefined), nastyStrings),
  });
  const hasBody = ["POST", "PATCH", "PUT", "DELETE"].includes(operation.method);
  return fc
    .record({
      pathValues,
      query,
      headers,
      body: hasBody ? fc.option(rawBody(operation.bodyKeys), { nil: undefined }) : fc.constant(undefined),
      encode: fc.boolean(),
      method: fc.oneof(
        fc.constant(operation.method),
        fc.constant(operation.method),
        fc.constantFrom("GET", "POST", "PATCH", "DELETE", "PUT"),
      ),
    })
    .map(({ pathValues: values, query: pairs, headers: h, body, encode, method }) => {
      let path = operation.route;
      operation.pathParams.forEach((name, index) => {
        const value = String(values[index] ?? "").replace(LONE_SURROGATE, "\ufffd");
        path = path.replace(`{${name}}`, encode ? encodeURIComponent(value) : value.replace(/[?#]/g, ""));
      });
      const search = new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString();
      const requestHeaders: Record<string, string> = {};
      if (h.authorization !== undefined) requestHeaders.authorization = h.authorization;
      if (h.contentType) requestHeaders["content-type"] = h.contentType;
      if (h.requestId !== undefined) requestHeaders["x-request-id"] = h.requestId;
      return { method, path: `${path}${search ? `?${search}` : ""}`, headers: requestHeaders, body };
    });
}
