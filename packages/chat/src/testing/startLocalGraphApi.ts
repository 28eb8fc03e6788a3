import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedGraphCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A WhatsApp Cloud API stand-in on a free port of 127.0.0.1: records every call and answers like
 * Meta does to a sent message, or with the errors `failNext` queued. `url` is what
 * WHATSAPP_GRAPH_API_URL would be.
 */
export async function startLocalGraphApi() {
  const calls: RecordedGraphCall[] = [];
  const failures: number[] = [];
  let messageCount = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      calls.push({
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization,
        body: text ? JSON.parse(text) : null,
      });
      const failure = failures.shift();
      if (failure !== undefined) {
        response.writeHead(failure, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "Refused by the test", code: failure } }));
        return;
      }
      messageCount += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ messaging_product: "whatsapp", messages: [{ id: `wamid.local-${messageCount}` }] }),
      );
    });
  });
  server.requestTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    calls,
    /** The next calls are answered with these HTTP statuses (still recorded), one each. */
    failNext: (...statuses: number[]) => {
      failures.push(...statuses);
    },
    /** The calls recorded since the last `takeCalls()`. */
    takeCalls: () => calls.splice(0, calls.length),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
