import { isCodeIdentifier } from "./isCodeIdentifier";
import {
  runInSandboxProcess,
  type SandboxErrorCode,
  type SandboxFetch,
  type SandboxLog,
} from "./sandboxProcess";

export interface RunUserCodeInput {
  /** Body of an async function: `await` allowed, `return` gives the value. */
  code: string;
  /**
   * Values in scope. Every key that is a valid identifier (not a reserved word, not `setVariable`,
   * `fetch`, `console` or `globalThis`) becomes a parameter of that name; other keys are not in scope.
   * Callers pass each variable under its id and, when it is an identifier, its name too.
   */
  variables: Record<string, unknown>;
  /** Wall-clock budget (CPU and awaiting fetch). Default 1000 ms, at most 10 000 ms. */
  timeoutMs?: number;
  /** Heap of the isolate. Default 32 MiB, between 8 and 128 MiB. */
  memoryLimitMb?: number;
  /** Backs `fetch(url, init)` in the code; without it `fetch` rejects. Pass a safeFetch bridge, never raw fetch. */
  fetch?: SandboxFetch;
}

export type RunUserCodeResult =
  | {
      ok: true;
      /** The returned value as JSON data (undefined, functions and symbols become null). */
      value: unknown;
      /** Last value given to each name by `setVariable(name, value)`, in first-call order; the caller applies them. */
      setVariables: Record<string, unknown>;
      logs: SandboxLog[];
    }
  | { ok: false; error: { code: SandboxErrorCode; message: string }; logs: SandboxLog[] };

export const userCodeLimits = {
  defaultTimeoutMs: 1000,
  maxTimeoutMs: 10_000,
  defaultMemoryLimitMb: 32,
  minMemoryLimitMb: 8,
  maxMemoryLimitMb: 128,
  maxCodeLength: 256 * 1024,
} as const;

/**
 * Runs user-authored JavaScript in a V8 isolate (isolated-vm) inside a separate sandbox process: no `require`,
 * `process`, timers or network besides the `fetch` bridge; CPU time and memory capped; only JSON data
 * crosses in and out. Never throws: every failure is `{ ok: false, error: { code, message } }`.
 */
export async function runUserCode(input: RunUserCodeInput): Promise<RunUserCodeResult> {
  if (typeof input.code !== "string" || input.code.length > userCodeLimits.maxCodeLength) {
    return {
      ok: false,
      error: { code: "ERROR", message: "The code is missing or longer than 256 KiB" },
      logs: [],
    };
  }
  const entries = Object.entries(input.variables ?? {}).filter(([name]) => isCodeIdentifier(name));
  const result = await runInSandboxProcess({
    code: input.code,
    names: entries.map(([name]) => name),
    values: entries.map(([, value]) => value),
    timeoutMs: clamp(input.timeoutMs, userCodeLimits.defaultTimeoutMs, 1, userCodeLimits.maxTimeoutMs),
    memoryLimitMb: clamp(
      input.memoryLimitMb,
      userCodeLimits.defaultMemoryLimitMb,
      userCodeLimits.minMemoryLimitMb,
      userCodeLimits.maxMemoryLimitMb,
    ),
    fetch: input.fetch,
  });
  if (!result.ok) return result;
  const setVariables: Record<string, unknown> = {};
  for (const [name, valueJson] of result.setVariables) setVariables[name] = JSON.parse(valueJson);
  return { ok: true, value: JSON.parse(result.valueJson), setVariables, logs: result.logs };
}

function clamp(value: number | undefined, fallback: number, floor: number, ceiling: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.floor(value), floor), ceiling);
}
