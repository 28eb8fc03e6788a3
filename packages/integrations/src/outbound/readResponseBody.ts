import type { IncomingMessage } from "node:http";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { OutboundError } from "./OutboundError";

/**
 * Reads a response body into memory, undoing gzip/deflate/br, and aborts the socket as soon as the
 * decoded size passes `maxBytes` (a compressed bomb stops at the cap too).
 */
export async function readResponseBody(
  response: IncomingMessage,
  options: { maxBytes: number; signal: AbortSignal; url: string; hasBody: boolean },
): Promise<{ text: string; wasDecoded: boolean }> {
  const declaredLength = Number(response.headers["content-length"]);
  if (Number.isFinite(declaredLength) && declaredLength > options.maxBytes) {
    response.destroy();
    throw tooLarge(options);
  }
  if (!options.hasBody) {
    response.resume();
    return { text: "", wasDecoded: false };
  }
  const decoder = createDecoder(response.headers["content-encoding"]);
  const source: Readable = decoder ? pipeline(response, decoder, () => {}) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.byteLength;
      if (size > options.maxBytes) throw tooLarge(options);
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    if (options.signal.aborted)
      throw new OutboundError("TIMEOUT", "The request timed out", { url: options.url });
    throw new OutboundError("NETWORK_ERROR", "The response body could not be read", {
      url: options.url,
      cause: error,
    });
  } finally {
    response.destroy();
    decoder?.destroy();
  }
  return { text: decodeText(Buffer.concat(chunks), response.headers["content-type"]), wasDecoded: !!decoder };
}

export function createDecoder(contentEncoding: string | undefined) {
  switch (contentEncoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip({
        flush: zlib.constants.Z_SYNC_FLUSH,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
    case "deflate":
      return zlib.createInflate({
        flush: zlib.constants.Z_SYNC_FLUSH,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
    case "br":
      return zlib.createBrotliDecompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      });
    default:
      return null;
  }
}

export function decodeText(bytes: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

export function tooLarge(options: { maxBytes: number; url: string }) {
  return new OutboundError("RESPONSE_TOO_LARGE", `The response is larger than ${options.maxBytes} bytes`, {
    url: options.url,
  });
}
