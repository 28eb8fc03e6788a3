import { createHash } from "node:crypto";
import type { OutgoingHttpRequest } from "@parley/engine";

/**
 * An `Idempotency-Key` naming what `parts` name: SHA-256 of them, shaped as a UUID (version 8,
 * RFC 9562) since many APIs expect one. Opaque, and the same for the same parts.
 */
export function idempotencyKeyOf(parts: readonly (string | number)[]): string {
  const hash = createHash("sha256").update(parts.join("\u0000")).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x80;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The `Idempotency-Key` of a sending of an HTTP request block: its result, block and visit. */
export function getIdempotencyKey(idempotency: NonNullable<OutgoingHttpRequest["idempotency"]>): string {
  return idempotencyKeyOf(["parley-http", idempotency.resultId, idempotency.blockId, idempotency.visit]);
}

/** The request's headers with an `Idempotency-Key`, unless the author set one (any case) themselves. */
export function addIdempotencyKey(request: OutgoingHttpRequest): Record<string, string> {
  const hasOwnKey = Object.keys(request.headers).some((name) => name.toLowerCase() === "idempotency-key");
  if (!request.idempotency || hasOwnKey) return request.headers;
  return { ...request.headers, "Idempotency-Key": getIdempotencyKey(request.idempotency) };
}
