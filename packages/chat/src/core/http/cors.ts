import type { ChatCaller } from "@parley/platform/auth/authorizeChatCaller";
import type { Settings } from "@parley/schemas";
import { chatErrors } from "../chatErrors";
import { typebotRequestHeaders } from "../typebotProtocol";

const ALLOWED_HEADERS = [
  "authorization, content-type, idempotency-key, x-request-id",
  ...typebotRequestHeaders,
].join(", ");
const EXPOSED_HEADERS =
  "x-request-id, retry-after, idempotent-replayed, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy";

/**
 * Answer to a CORS preflight of a chat endpoint. It grants nothing by itself:
 * the actual request is checked against the bot's allowed origins (below),
 * which needs the bot, unknown before the request's credentials are read.
 */
export function preflightResponse(request: Request): Response {
  const origin = request.headers.get("origin");
  const headers = new Headers({
    "access-control-allow-methods": "POST, PUT, OPTIONS",
    "access-control-allow-headers": ALLOWED_HEADERS,
    "access-control-max-age": "600",
    vary: "Origin",
  });
  if (origin) headers.set("access-control-allow-origin", origin);
  return new Response(null, { status: 204, headers });
}

/** CORS headers on a chat response: any origin may read it (bearer tokens, no cookies). */
export function addCorsHeaders(request: Request, response: Response) {
  const origin = request.headers.get("origin");
  if (!origin) return;
  response.headers.set("access-control-allow-origin", origin);
  response.headers.set("access-control-expose-headers", EXPOSED_HEADERS);
  response.headers.append("vary", "Origin");
}

function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.origin === "null" ? null : url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * `settings.security.allowedOrigins` applies to chat-key and keyless calls (browsers on
 * websites): with a non-empty list, the request's Origin must be in it, and a
 * request without Origin is refused. API-token callers are servers: not checked.
 */
export function assertOriginAllowed(request: Request, caller: ChatCaller, settings: Settings) {
  if (caller.kind !== "chatKey" && caller.kind !== "keyless") return;
  const allowed = readAllowedOrigins(settings);
  if (allowed.length === 0) return;
  const origin = request.headers.get("origin");
  const normalized = origin ? normalizeOrigin(origin) : null;
  if (!normalized || !allowed.includes(normalized)) throw chatErrors.originNotAllowed();
}

function readAllowedOrigins(settings: Settings): string[] {
  return (settings.security?.allowedOrigins ?? [])
    .filter((entry) => entry.trim() !== "")
    .map((entry) => normalizeOrigin(entry) ?? entry.trim().toLowerCase());
}
