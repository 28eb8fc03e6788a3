import { parsePropertyPath, readPath } from "@parley/schemas";
import type { EnginePorts } from "../../ports";

const EXPRESSION_TIMEOUT_MS = 10_000;

export interface HttpResponseData {
  statusCode: number;
  data: unknown;
}

/**
 * A mapping path over `{statusCode, data}`: property paths (`data.items[0].name`, `statusCode`, or
 * `items[0]` meaning inside `data`; see `parsePropertyPath`) are read directly, own keys only (a
 * prototype key such as `__proto__` reads as undefined); anything else is a JS expression evaluated
 * in the sandbox with `data` and `statusCode` in scope. An empty path is the whole `data`.
 */
export const readResponsePath = async (
  response: HttpResponseData,
  bodyPath: string | undefined,
  ports: Pick<EnginePorts, "evaluateExpression">,
): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> => {
  const path = bodyPath?.trim() ?? "";
  if (!path) return { ok: true, value: response.data };
  const keys = parsePropertyPath(path);
  if (keys) {
    const rooted = keys[0] === "data" || keys[0] === "statusCode" ? keys : ["data", ...keys];
    return { ok: true, value: readPath(response, rooted) };
  }
  return ports.evaluateExpression({
    expression: path,
    scope: { data: response.data, statusCode: response.statusCode },
    timeoutMs: EXPRESSION_TIMEOUT_MS,
  });
};
