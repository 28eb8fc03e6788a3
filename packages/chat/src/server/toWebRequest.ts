import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { BufferedRequest } from "@parley/platform/http/bufferedRequest";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "@parley/platform/http/clientAddress";
import { MAX_BODY_BYTES } from "@parley/platform/http/readJsonBody";

/**
 * A node:http request as a Web Request: a BufferedRequest (the undici `Request` is built only if a
 * handler reads more than method, URL, headers and the JSON body), except uploads (PUT), whose body
 * streams. The body is buffered up to one byte past the 1 MiB limit (the handler then refuses it
 * with PAYLOAD_TOO_LARGE); the rest is drained unread. The client's address is stamped from the socket
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
  const url = new URL(request.url ?? "/", origin);
  if (method === "PUT") {
    // Uploads stream: their handler enforces its own size limit.
    return new Request(url, {
      method,
      headers,
      body: Readable.toWeb(request) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
  }
  // The handler's readJsonBody takes these bytes as they are.
  const body = method === "GET" || method === "HEAD" ? null : await readBody(request);
  return new BufferedRequest(url, method, headers, body);
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
