import type { CodeResult, ExpressionResult } from "@parley/engine";

// Server-side code needs the sandbox (packages/api/src/sandbox), which is not part of this build yet: the
// engine turns this error into a log and the flow goes on.
const UNAVAILABLE = "Server-side code execution is not available in this build";

export async function runCodeInSandbox(): Promise<CodeResult> {
  return { ok: false, error: UNAVAILABLE };
}

export async function evaluateInSandbox(): Promise<ExpressionResult> {
  return { ok: false, error: UNAVAILABLE };
}
