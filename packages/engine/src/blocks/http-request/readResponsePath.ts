import type { EnginePorts } from "../../ports";

const SIMPLE_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*|\[\d+\]|\["[^"\]]*"\]|\['[^'\]]*'\])*$/;
const EXPRESSION_TIMEOUT_MS = 10_000;

export interface HttpResponseData {
  statusCode: number;
  data: unknown;
}

/**
 * A mapping path over `{statusCode, data}`: simple paths (`data.items[0].name`, `statusCode`, or
 * `items[0]` meaning inside `data`) are read directly; anything else is a JS expression evaluated
 * in the sandbox with `data` and `statusCode` in scope. An empty path is the whole `data`.
 */
export const readResponsePath = async (
  response: HttpResponseData,
  bodyPath: string | undefined,
  ports: Pick<EnginePorts, "evaluateExpression">,
): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> => {
  const path = bodyPath?.trim() ?? "";
  if (!path) return { ok: true, value: response.data };
  if (SIMPLE_PATH.test(path)) {
    const rooted = /^(data|statusCode)\b/.test(path) ? path : `data.${path}`;
    return { ok: true, value: readSimplePath(response, rooted) };
  }
  return ports.evaluateExpression({
    expression: path,
    scope: { data: response.data, statusCode: response.statusCode },
    timeoutMs: EXPRESSION_TIMEOUT_MS,
  });
};

/** Any object (arrays too) is read by key; what a key holds is checked by its reader. */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const readSimplePath = (root: unknown, path: string): unknown => {
  const keys = [...path.matchAll(/([A-Za-z_$][\w$]*)|\[(\d+)\]|\["([^"\]]*)"\]|\['([^'\]]*)'\]/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? match[4] ?? "",
  );
  let current: unknown = root;
  for (const key of keys) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
};
