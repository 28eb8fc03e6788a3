import type { ChatCredentialLookup } from "@parley/db/queries/chatCredential";
import { unauthorized } from "../errors";
import { assertSameOriginRequest } from "./assertSameOriginRequest";
import { authErrors } from "./authErrors";
import { readBearerCredential } from "./readBearerCredential";
import { hashSecret } from "./secrets";
import { readSessionToken } from "./userSessions";

/**
 * What a chat request presents: `Authorization: Bearer <chat key | API token>`,
 * or, where the builder mounts the handlers (`allowSessionCookie`), its
 * sign-in cookie, which a state-changing request carries from the builder's own
 * pages only (assertSameOriginRequest: FORBIDDEN `CROSS_SITE_REQUEST` before any
 * lookup). A missing or malformed header is UNAUTHORIZED; a token of neither
 * kind is FORBIDDEN without a database round trip.
 */
export function readChatCredential(
  request: Request,
  options: { allowSessionCookie: boolean },
): ChatCredentialLookup {
  const header = request.headers.get("authorization");
  if (header === null && options.allowSessionCookie) {
    const sessionToken = readSessionToken(request.headers.get("cookie"));
    if (sessionToken) {
      assertSameOriginRequest(request);
      return { kind: "userSession", tokenHash: hashSecret(sessionToken) };
    }
  }
  return readBearerCredential(header);
}

/** A builder session that expired is a missing sign-in, like an absent header. */
export function rejectExpiredSession(kind: ChatCredentialLookup["kind"]) {
  return kind === "userSession" ? unauthorized() : authErrors.revokedToken();
}

/**
 * Like readChatCredential, where Typebot's keyless calls are allowed (docs/typebot-compat.md): a request with no
 * Authorization header (nor, on the builder, sign-in cookie) is `keyless` instead of UNAUTHORIZED; the handler
 * decides what such a caller may reach.
 */
export function readChatCredentialOrKeyless(
  request: Request,
  options: { allowSessionCookie: boolean },
): ChatCredentialLookup {
  if (request.headers.get("authorization") !== null) return readChatCredential(request, options);
  if (options.allowSessionCookie && readSessionToken(request.headers.get("cookie")))
    return readChatCredential(request, options);
  return { kind: "keyless" };
}
