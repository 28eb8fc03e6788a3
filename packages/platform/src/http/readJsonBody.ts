import { AppError } from "../errors";

export const MAX_BODY_BYTES = 1024 * 1024;

const payloadTooLarge = () =>
  new AppError("BAD_REQUEST", [{ message: "Request body is larger than 1 MiB", code: "PAYLOAD_TOO_LARGE" }]);

/** The raw bytes of a request body, at most MAX_BODY_BYTES whatever Content-Length claims (webhook signatures). */
export async function readLimitedBody(request: Request): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw payloadTooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel();
      throw payloadTooLarge();
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
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | undefined> {
  return parseJsonBody((await readLimitedBody(request)).toString("utf8"), request.headers);
}

/** readJsonBody's checks on a body already read. */
export function parseJsonBody(text: string, headers: Headers): Record<string, unknown> | undefined {
  const parsed = parseJsonValue(text, headers);
  if (parsed === undefined) return undefined;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AppError("BAD_REQUEST", [{ message: "The body must be a JSON object", code: "INVALID_JSON" }]);
  }
  return parsed as Record<string, unknown>;
}

/** Any JSON value of a body (undefined when empty): the content type and syntax checks of parseJsonBody. */
export function parseJsonValue(text: string, headers: Headers): unknown {
  if (text.trim() === "") return undefined;
  const contentType = headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType.trim())) {
    throw new AppError("BAD_REQUEST", [
      { message: "Content-Type must be application/json", code: "UNSUPPORTED_CONTENT_TYPE" },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", [{ message: "Malformed JSON body", code: "INVALID_JSON" }]);
  }
}
