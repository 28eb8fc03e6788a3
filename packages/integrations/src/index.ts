export {
  isOutboundError,
  OutboundError,
  type OutboundErrorCode,
  outboundErrorCodes,
} from "./outbound/OutboundError";
export type { ResolveHost } from "./outbound/resolveOutboundTarget";
export {
  type SafeFetchOptions,
  type SafeFetchResponse,
  safeFetch,
  safeFetchLimits,
} from "./outbound/safeFetch";
export { createSafeFetchBridge } from "./sandbox/createSafeFetchBridge";
export { type EvaluateExpressionResult, evaluateExpression } from "./sandbox/evaluateExpression";
export {
  type RunUserCodeInput,
  type RunUserCodeResult,
  runUserCode,
  userCodeLimits,
} from "./sandbox/runUserCode";
export {
  getSandboxStats,
  type SandboxErrorCode,
  type SandboxFetch,
  type SandboxFetchInit,
  type SandboxLog,
  type SandboxStats,
  stopSandboxProcess,
} from "./sandbox/sandboxProcess";
