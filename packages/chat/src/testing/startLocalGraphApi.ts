import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { listenOnLoopback } from "./listenOnLoopback";

export interface RecordedGraphCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface LocalMedia {
  bytes: Buffer;
  mimeType: string;
}

/**
 * A WhatsApp Cloud API stand-in on 127.0.0.1 (a free port unless `port` is given): records every call and answers like
 * Meta does to a sent message, or with the errors `failNext` queued; media added with `addMedia`
 * are described by `GET /{mediaId}` (`{url, mime_type, sha256, file_size, id}`) and served at that
 * URL, as Meta's media endpoints do. `url` is what WHATSAPP_GRAPH_API_URL would be; `port` a fixed one
 * (browser tests hand it to the app's environment).
 */
export async function startLocalGraphApi(options: { port?: number } = {}) {
  const calls: RecordedGraphCall[] = [];
  const delivered: RecordedGraphCall[] = [];
  const failures: number[] = [];
  let holds = 0;
  const held: { destroy: () => void }[] = [];
  const media = new Map<string, LocalMedia>();
  let messageCount = 0;
  let origin = "";
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const call = {
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization,
        body: text ? JSON.parse(text) : null,
      };
      calls.push(call);
      if (request.method === "GET") {
        const found = /^\/v21\.0\/([^/?]+)$/.exec(request.url ?? "");
        const download = /^\/media-download\/([^/?]+)$/.exec(request.url ?? "");
        const file = media.get(decodeURIComponent(found?.[1] ?? download?.[1] ?? ""));
        if (!file) {
          response.writeHead(404, { "content-type": "application/json" });
          response.end(JSON.stringify({ error: { message: "Unsupported get request", code: 100 } }));
        } else if (found) {
          const id = decodeURIComponent(found[1] ?? "");
          response.writeHead(200, { "content-type": "application/json" });
          response.end(
            JSON.stringify({
              messaging_product: "whatsapp",
              url: `${origin}/media-download/${encodeURIComponent(id)}`,
              mime_type: file.mimeType,
              sha256: createHash("sha256").update(file.bytes).digest("hex"),
              file_size: file.bytes.byteLength,
              id,
            }),
          );
        } else {
          // Meta serves the bytes as a generic binary download.
          response.writeHead(200, { "content-type": "application/octet-stream" });
          response.end(file.bytes);
        }
        return;
      }
      if (holds > 0) {
        // Never answered: the sender waits until it gives up or dies.
        holds -= 1;
        held.push({ destroy: () => request.socket.destroy() });
        return;
      }
      const failure = failures.shift();
      if (failure !== undefined) {
        response.writeHead(failure, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "Refused by the test", code: failure } }));
        return;
      }
      messageCount += 1;
      delivered.push(call);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ messaging_product: "whatsapp", messages: [{ id: `wamid.local-${messageCount}` }] }),
      );
    });
  });
  server.requestTimeout = 5_000;
  await listenOnLoopback(server, options.port);
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/v21.0`,
    calls,
    /** Media the Graph API knows under `mediaId` (as an inbound message's media id). */
    addMedia: (mediaId: string, file: LocalMedia) => {
      media.set(mediaId, file);
    },
    /** The next calls are answered with these HTTP statuses (still recorded), one each. */
    failNext: (...statuses: number[]) => {
      failures.push(...statuses);
    },
    /** The next `count` message sends are received (recorded in `calls`) and never answered. */
    holdNext: (count = 1) => {
      holds += count;
    },
    /** How many sends are held unanswered now. */
    heldCount: () => held.length,
    /** Closes the held sends' connections unanswered: the platform did not take them. */
    dropHeld: () => {
      for (const call of held.splice(0, held.length)) call.destroy();
    },
    /** The message sends answered with success (taken by the platform), in order. */
    delivered,
    /** The calls recorded since the last `takeCalls()`. */
    takeCalls: () => calls.splice(0, calls.length),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
