import { hash } from "node:crypto";
import type { ChatTurnRecordRow } from "@parley/db/queries/chatCredential";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import { chatErrors } from "../chatErrors";

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyKey {
  /** Record key: `idem:<header value>`. */
  recordKey: string;
  /** SHA-256 of the method, path and body: a key reused for another request is refused. */
  requestHash: string;
}

/**
 * SHA-256 of a request's method, path and (parsed) body: what makes two requests "the same".
 * `pathname`: the request URL's path when the caller has it already (the router's match).
 */
export function hashChatRequest(
  request: Request,
  body: unknown,
  pathname = new URL(request.url).pathname,
): string {
  return hash("sha256", `${request.method} ${pathname}\n${JSON.stringify(body ?? null)}`, "hex");
}

/** The `Idempotency-Key` header of a request, if any. */
export function readIdempotencyKey(
  request: Request,
  body: unknown,
  requestHash?: string,
): IdempotencyKey | null {
  const value = request.headers.get("idempotency-key");
  if (value === null) return null;
  if (!KEY_PATTERN.test(value)) throw chatErrors.invalidIdempotencyKey();
  return { recordKey: `idem:${value}`, requestHash: requestHash ?? hashChatRequest(request, body) };
}

/** The stored first response to a retried request. */
export function replayRecord(record: ChatTurnRecordRow, idempotency: IdempotencyKey | null): Response {
  if (idempotency && record.requestHash && record.requestHash !== idempotency.requestHash) {
    throw chatErrors.idempotencyKeyReused();
  }
  return jsonResponse(record.response, record.statusCode, { "idempotent-replayed": "true" });
}
