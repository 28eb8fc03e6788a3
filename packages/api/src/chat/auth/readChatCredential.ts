import type { ChatCredentialLookup } from "@parley/db/queries/chatCredential";
import { API_TOKEN_PREFIX } from "../../auth/apiTokens";
import { readBearerToken } from "../../auth/authenticateBearer";
import { hashSecret } from "../../auth/secrets";
import { SESSION_COOKIE } from "../../auth/userSessions";
import { AppError } from "../../errors";
import { chatErrors } from "../chatErrors";

export const CHAT_KEY_PREFIX = "ck_";

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value ? decodeURIComponent(value) : undefined;
    }
  }
  return undefined;
}

/**
 * What a chat request presents: `Authorization: Bearer <chat key | API token>`,
 * or, where the builder mounts the handlers (`allowSessionCookie`), its
 * sign-in cookie. A missing or malformed header is UNAUTHORIZED; a token of
 * neither kind is FORBIDDEN without a database round trip.
 */
export function readChatCredential(
  request: Request,
  options: { allowSessionCookie: boolean },
): ChatCredentialLookup {
  const header = request.headers.get("authorization");
  if (header === null && options.allowSessionCookie) {
    const sessionToken = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
    if (sessionToken) return { kind: "userSession", tokenHash: hashSecret(sessionToken) };
  }
  const token = readBearerToken(header);
  if (token.startsWith(CHAT_KEY_PREFIX)) return { kind: "chatKey", key: token };
  if (token.startsWith(API_TOKEN_PREFIX)) return { kind: "apiToken", tokenHash: hashSecret(token) };
  throw chatErrors.unknownToken();
}

/** A builder session that expired is a missing sign-in, like an absent header. */
export function rejectExpiredSession(kind: ChatCredentialLookup["kind"]) {
  return kind === "userSession" ? new AppError("UNAUTHORIZED") : chatErrors.revokedToken();
}
