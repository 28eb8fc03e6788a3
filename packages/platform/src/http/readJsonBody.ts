import { findIllFormedText, isWellFormedText, toWellFormedText } from "@parley/schemas/text";
import { AppError, badRequest } from "../errors";
import { takeBufferedBody } from "./bufferedBodies";

export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * The builder's own client (its tRPC mount) saves whole parts of a bot: a large bot in many languages (3,000
 * blocks in 10 languages is about 4.3 MB) is over the API's 1 MiB, which stays the contract's limit.
 */
export const BUILDER_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** How deep a JSON body may nest (arrays and objects; docs/api.md, "Limits"), checked before it is parsed. */
const MAX_JSON_DEPTH = 64;

export interface JsonBodyOptions {
  /**
   * The body comes from an outside service that cannot be told (a messaging platform's webhook): strings
   * that break the text rule are cleaned (`toWellFormedText`) instead of refused.
   */
  cleanText?: boolean;
}

const payloadTooLarge = (maxBytes: number) =>
  badRequest(`Request body is larger than ${maxBytes / 1024 / 1024} MiB`, "PAYLOAD_TOO_LARGE");

/**
 * The raw bytes of a request body, at most `maxBytes` (MAX_BODY_BYTES) whatever Content-Length claims (webhook
 * signatures).
 */
export async function readLimitedBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw payloadTooLarge(maxBytes);
  const buffered = takeBufferedBody(request);
  if (buffered) {
    if (buffered.length > maxBytes) throw payloadTooLarge(maxBytes);
    return buffered;
  }
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw payloadTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The JSON object of a request body, or undefined for an empty body.
 * Wrong content type, malformed JSON, a non-object body and a body over
 * 1 MiB are BAD_REQUEST (decisions.md).
 */
export async function readJsonBody(
  request: Request,
  options: JsonBodyOptions = {},
): Promise<Record<string, unknown> | undefined> {
  return parseJsonBody((await readLimitedBody(request)).toString("utf8"), request.headers, options);
}

/** readJsonBody's checks on a body already read. */
export function parseJsonBody(
  text: string,
  headers: Headers,
  options: JsonBodyOptions = {},
): Record<string, unknown> | undefined {
  const parsed = parseJsonValue(text, headers, options);
  if (parsed === undefined) return undefined;
  if (!isJsonObject(parsed)) throw badRequest("The body must be a JSON object", "INVALID_JSON");
  return parsed;
}

/**
 * Any JSON value of a body (undefined when empty) with the checks of parseJsonBody: content type, nesting depth
 * (before parsing, so that no later walk of the value can run out of stack), syntax, and the text rule of
 * `@parley/schemas/text` on every string and key (BAD_REQUEST with one issue per string, at its path).
 */
/** A parsed JSON value that is an object (not an array, not null): its keys hold JSON values. */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function parseJsonValue(text: string, headers: Headers, options: JsonBodyOptions = {}): unknown {
  if (text.trim() === "") return undefined;
  const contentType = headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType.trim())) {
    throw badRequest("Content-Type must be application/json", "UNSUPPORTED_CONTENT_TYPE");
  }
  if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw badRequest(`The body is nested deeper than ${MAX_JSON_DEPTH} levels`, "INVALID_FIELD");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON body", "INVALID_JSON");
  }
  if (!mayHoldIllFormedText(text)) return parsed;
  if (options.cleanText) return toWellFormedJson(parsed);
  const issues = findIllFormedText(parsed);
  if (issues.length > 0) {
    throw new AppError(
      "BAD_REQUEST",
      issues.map((issue) => ({ ...issue, code: "INVALID_FIELD" })),
    );
  }
  return parsed;
}

/** Whether the depth of arrays and objects in a JSON text goes past `limit` (strings skipped). */
function isNestedDeeperThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isInString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) isInString = false;
    } else if (code === 0x22) isInString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/** NUL and surrogates appear in a JSON text as \u escapes (a decoded body holds no raw lone surrogate). */
const ESCAPED_NUL_OR_SURROGATE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;

function mayHoldIllFormedText(text: string): boolean {
  return ESCAPED_NUL_OR_SURROGATE.test(text) || !isWellFormedText(text);
}

/** The parsed body with every string and key cleaned; its depth was checked, so recursion is bounded. */
function toWellFormedJson(value: unknown): unknown {
  if (typeof value === "string") return toWellFormedText(value);
  if (Array.isArray(value)) return value.map(toWellFormedJson);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [toWellFormedText(key), toWellFormedJson(item)]),
  );
}
