import { runUserCode } from "./runUserCode";
import type { SandboxErrorCode } from "./sandboxProcess";

export type EvaluateExpressionResult =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: SandboxErrorCode; message: string } };

/**
 * Evaluates one JavaScript expression in the sandbox: inline `{{= expression =}}` code, or an HTTP response
 * mapping such as `data.items[0].name` with `{ data, statusCode }` as variables. Same scope rules and limits
 * as runUserCode (no fetch).
 */
export async function evaluateExpression(
  expression: string,
  variables: Record<string, unknown>,
  options: { timeoutMs?: number; memoryLimitMb?: number } = {},
): Promise<EvaluateExpressionResult> {
  if (typeof expression !== "string" || expression.trim() === "") {
    return { ok: false, error: { code: "ERROR", message: "The expression is empty" } };
  }
  // The line break lets an expression end with a // comment.
  const result = await runUserCode({ code: `return (${expression}\n);`, variables, ...options });
  return result.ok ? { ok: true, value: result.value } : { ok: false, error: result.error };
}
