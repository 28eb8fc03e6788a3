import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedBotApiCall {
  /** `/bot<token>/<method>` */
  path: string;
  body: unknown;
}

/**
 * A Telegram Bot API stand-in on a free port of 127.0.0.1: records every call and answers `ok` as
 * Telegram does. `url` is what TELEGRAM_API_URL would be.
 */
export async function startLocalTelegramBotApi() {
  const calls: RecordedBotApiCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      calls.push({ path: request.url ?? "", body: text ? JSON.parse(text) : null });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true, result: true }));
    });
  });
  server.requestTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The calls recorded since the last `takeCalls()`. */
    takeCalls: () => calls.splice(0, calls.length),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
