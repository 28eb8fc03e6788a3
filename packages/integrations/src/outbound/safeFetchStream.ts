import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { normalizeResponseHeaders } from "./headers";
import { OutboundError } from "./OutboundError";
import { createDecoder, tooLarge } from "./readResponseBody";
import { parseOutboundUrl } from "./resolveOutboundTarget";
import { openFollowingRedirects, readSettings, type SafeFetchOptions, startDeadline } from "./safeFetch";
import { toOutboundError } from "./sendHop";

export interface SafeFetchStream {
  status: number;
  /** Lower-case names, as `safeFetch` gives them. */
  headers: Record<string, string>;
  url: string;
  /**
   * The decoded body as it arrives. Iterating past `maxResponseBytes` or the time budget throws an
   * `OutboundError`; breaking out of the loop (or `close`) releases the connection.
   */
  body: AsyncIterable<Buffer>;
  close(): void;
}

/**
 * `safeFetch` whose body is read as a stream (server-sent events, audio): the same checks on every
 * hop and the same pinned connection; `timeoutMs` and `maxResponseBytes` cover the whole body.
 */
export async function safeFetchStream(
  input: string | URL,
  options: SafeFetchOptions = {},
): Promise<SafeFetchStream> {
  const settings = readSettings(options);
  const deadline = startDeadline(settings.timeoutMs, options.signal);
  let opened: Awaited<ReturnType<typeof openFollowingRedirects>>;
  try {
    opened = await openFollowingRedirects(parseOutboundUrl(input), settings, deadline.signal);
  } catch (error) {
    deadline.stop();
    if (error instanceof OutboundError) throw error;
    throw new OutboundError("NETWORK_ERROR", "The request failed", { cause: error });
  }
  const { response, url, hop } = opened;
  const status = response.statusCode ?? 0;
  const declaredLength = Number(response.headers["content-length"]);
  if (Number.isFinite(declaredLength) && declaredLength > settings.maxResponseBytes) {
    response.destroy();
    deadline.stop();
    throw tooLarge({ maxBytes: settings.maxResponseBytes, url: url.href });
  }
  const decoder = createDecoder(response.headers["content-encoding"]);
  const source: Readable = decoder ? pipeline(response, decoder, () => {}) : response;
  const release = () => {
    response.destroy();
    decoder?.destroy();
    deadline.stop();
  };
  const hasBody = settings.method !== "HEAD" && status !== 204 && status !== 304;

  async function* readBody(): AsyncGenerator<Buffer> {
    let size = 0;
    try {
      if (!hasBody) return;
      for await (const chunk of source) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        size += buffer.byteLength;
        if (size > settings.maxResponseBytes)
          throw tooLarge({ maxBytes: settings.maxResponseBytes, url: url.href });
        yield buffer;
      }
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      if (deadline.signal.aborted)
        throw new OutboundError("TIMEOUT", "The request timed out", { url: url.href });
      throw toOutboundError(error, hop);
    } finally {
      release();
    }
  }

  return {
    status,
    headers: normalizeResponseHeaders(response.headers, { wasDecoded: decoder !== null }),
    url: url.href,
    body: readBody(),
    close: release,
  };
}

/** Reads a whole streamed body into one buffer (binary responses such as audio). */
export async function readStreamBytes(stream: SafeFetchStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export interface DownloadedFile {
  status: number;
  bytes: Buffer;
  /** Without parameters; `application/octet-stream` when the server gave none. */
  contentType: string;
  /** The last path segment of the final URL (after redirects), decoded; `fallbackName` when empty. */
  fileName: string;
}

/** Downloads a file (recording, attachment) through the outbound rules, whole, within `maxResponseBytes`. */
export async function downloadFile(
  url: string,
  options: SafeFetchOptions & { fallbackName: string },
): Promise<DownloadedFile> {
  const stream = await safeFetchStream(url, options);
  const bytes = await readStreamBytes(stream);
  let fileName = options.fallbackName;
  try {
    fileName =
      decodeURIComponent(new URL(stream.url).pathname.split("/").pop() ?? "") || options.fallbackName;
  } catch {
    // A malformed escape keeps the fallback name.
  }
  return {
    status: stream.status,
    bytes,
    contentType: stream.headers["content-type"]?.split(";")[0]?.trim() || "application/octet-stream",
    fileName,
  };
}
