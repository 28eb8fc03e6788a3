export {
  loadBotWithAccess,
  loadWorkspaceAccess,
  orNullWhenRefused,
  type WorkspaceAccess,
} from "./access/loadAccess";
export { type Access, canAccess } from "./access/roles";
export { addWorkspaceMember } from "./accounts/addWorkspaceMember";
export { createUserAccount, normalizeEmail } from "./accounts/createUserAccount";
export { createApiToken } from "./auth/apiTokens";
export { type AuthenticatedUser, authenticateBearer, type BearerCredential } from "./auth/authenticateBearer";
export { findUserOfSession, readSessionToken } from "./auth/userSessions";
export { closeBillingPeriods } from "./billing/ensureInvoices";
export { handleInvoicePageRequest } from "./billing/handleInvoicePageRequest";
export { isChatsLimitReached } from "./billing/isChatsLimitReached";
export { startBillingJob } from "./billing/startBillingJob";
export type { Context } from "./context";
export { AppError, toCanonicalError, toErrorBody } from "./errors";
export { handleHealthRequest } from "./health";
export { logger } from "./logger";
export { handleRestRequest, handleTrpcRequest } from "./mounts";
export { getOpenApiDocument, handleOpenApiRequest } from "./openapi/getOpenApiDocument";
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
export { errorResponse, handleWebRequest, jsonResponse } from "./rest/handleWebRequest";
export { readJsonBody } from "./rest/readJsonBody";
export { type AppRouter, appRouter } from "./routers/appRouter";
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
