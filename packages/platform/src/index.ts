export {
  loadBotWithAccess,
  loadWorkspaceAccess,
  orNullWhenRefused,
  type WorkspaceAccess,
} from "./access/loadAccess";
export { addWorkspaceMember } from "./accounts/addWorkspaceMember";
export { createUserAccount, normalizeEmail } from "./accounts/createUserAccount";
export { createApiToken } from "./auth/apiTokens";
export { type AuthenticatedUser, authenticateBearer, type BearerCredential } from "./auth/authenticateBearer";
export { findUserOfSession, readSessionToken } from "./auth/userSessions";
export { isChatsLimitReached } from "./billing/isChatsLimitReached";
export { AppError, toCanonicalError, toErrorBody } from "./errors";
export { handleHealthRequest } from "./health";
export { errorResponse, handleWebRequest, jsonResponse } from "./http/handleWebRequest";
export { readJsonBody } from "./http/readJsonBody";
export { logger } from "./logger";
