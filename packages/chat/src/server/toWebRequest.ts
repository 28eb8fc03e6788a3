import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { withBufferedBody } from "@parley/platform/http/bufferedBodies";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "@parley/platform/http/clientAddress";
import { MAX_BODY_BYTES } from "@parley/platform/http/readJsonBody";

/**
 * A node:http request as a Web Request. The body is buffered up to one byte
 * past the 1 MiB limit (the handler then refuses it with PAYLOAD_TOO_LARGE);
 * the rest is drained unread. The client's address is stamped from the socket
 * (CLIENT_ADDRESS_HEADER, the trusted-proxy rule), as the Next apps stamp theirs.
 */
export async function toWebRequest(request: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index] ?? "", raw[index + 1] ?? "");
  headers.set(
    CLIENT_ADDRESS_HEADER,
    resolveClientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"]),
  );
  const method = request.method ?? "GET";
  const init: RequestInit = { method, headers };
  const url = new URL(request.url ?? "/", origin);
  if (method === "PUT") {
    // Uploads stream: their handler enforces its own size limit.
    init.body = Readable.toWeb(request) as ReadableStream<Uint8Array>;
    (init as { duplex?: string }).duplex = "half";
  } else if (method !== "GET" && method !== "HEAD") {
    // Buffered here already: the handler's readJsonBody takes these bytes instead of reading them back.
    const body = await readBody(request);
    init.body = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
    return withBufferedBody(new Request(url, init), body);
  }
  return new Request(url, init);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (total > MAX_BODY_BYTES) continue;
    const room = MAX_BODY_BYTES + 1 - total;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    chunks.push(kept);
    total += kept.length;
  }
  return chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
}
