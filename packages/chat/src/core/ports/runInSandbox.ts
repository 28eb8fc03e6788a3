import type {
  CodeResult,
  EvaluateExpressionRequest,
  ExpressionResult,
  RunCodeRequest,
  SandboxFailure,
} from "@parley/engine";
import { createSafeFetchBridge } from "@parley/integrations/sandbox/createSafeFetchBridge";
import { evaluateExpression } from "@parley/integrations/sandbox/evaluateExpression";
import { runUserCode } from "@parley/integrations/sandbox/runUserCode";
import type { SandboxErrorCode } from "@parley/integrations/sandbox/sandboxProcess";
import { abortable } from "./abortable";

/**
 * Server-side code of a Code block or a Set variable "custom code": an isolate in the sandbox process
 * (CPU time and memory capped, no Node globals), with `fetch` through safeFetch and the turn's signal.
 */
export async function runCodeInSandbox(request: RunCodeRequest, signal: AbortSignal): Promise<CodeResult> {
  const result = await abortable(
    runUserCode({
      code: request.code,
      variables: Object.fromEntries(request.args.map((arg) => [arg.name, arg.value])),
      timeoutMs: request.timeoutMs,
      fetch: createSafeFetchBridge({ signal }),
    }),
    signal,
  );
  if (!result.ok) return failure(result.error);
  return {
    ok: true,
    value: result.value,
    setVariables: Object.entries(result.setVariables).map(([name, value]) => ({ name, value })),
  };
}

/** An inline `{{= … =}}` expression or an HTTP response mapping, in the same sandbox. */
export async function evaluateInSandbox(
  request: EvaluateExpressionRequest,
  signal: AbortSignal,
): Promise<ExpressionResult> {
  const result = await abortable(
    evaluateExpression(request.expression, request.scope, { timeoutMs: request.timeoutMs }),
    signal,
  );
  return result.ok ? { ok: true, value: result.value } : failure(result.error);
}

function failure(error: { code: SandboxErrorCode; message: string }): SandboxFailure {
  return error.code === "UNAVAILABLE"
    ? { ok: false, error: error.message, isSandboxUnavailable: true }
    : { ok: false, error: error.message };
}
