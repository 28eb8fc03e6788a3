import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedBotApiCall {
  /** `/bot<token>/<method>` */
  path: string;
  body: unknown;
}

/** The bot's username the local Bot API's `getMe` gives. */
export const localBotApiUsername = "parley_test_bot";

/** What Telegram says of a call it took, where it says something (`setWebhook`). */
const descriptions: Record<string, string> = { setWebhook: "Webhook was set" };

/**
 * A Telegram Bot API stand-in on 127.0.0.1 (a free port unless `port` is given): records every call and answers `ok` as
 * Telegram does; files added with `addFile` are described by `getFile` (`{file_id, file_unique_id,
 * file_size, file_path}`) and served at `/file/bot<token>/<file_path>`, as the Bot API does.
 * Refusals queued with `refuseNext` are answered as Telegram refuses (`{ok: false, error_code,
 * description}`). `getMe` describes the bot as `localBotApiUsername` (its id the token's number). `url` is what
 * TELEGRAM_API_URL would be.
 */
export async function startLocalTelegramBotApi(options: { port?: number } = {}) {
  const calls: RecordedBotApiCall[] = [];
  const refusals: { status: number; description: string }[] = [];
  const files = new Map<string, { bytes: Buffer; filePath: string }>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const path = request.url ?? "";
      calls.push({ path, body: text ? JSON.parse(text) : null });
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const refusal = refusals.shift();
      if (refusal)
        return answer(refusal.status, {
          ok: false,
          error_code: refusal.status,
          description: refusal.description,
        });
      const url = new URL(path, "http://127.0.0.1");
      if (/^\/bot[^/]+\/getFile$/.test(url.pathname)) {
        const fileId = url.searchParams.get("file_id") ?? "";
        const file = files.get(fileId);
        if (!file)
          return answer(400, { ok: false, error_code: 400, description: "Bad Request: invalid file_id" });
        return answer(200, {
          ok: true,
          result: {
            file_id: fileId,
            file_unique_id: `unique-${fileId}`,
            file_size: file.bytes.byteLength,
            file_path: file.filePath,
          },
        });
      }
      const getMe = /^\/bot(\d+):[^/]+\/getMe$/.exec(url.pathname);
      if (getMe)
        return answer(200, {
          ok: true,
          result: {
            id: Number(getMe[1]),
            is_bot: true,
            first_name: "Parley test",
            username: localBotApiUsername,
          },
        });
      const download = /^\/file\/bot[^/]+\/(.+)$/.exec(url.pathname);
      if (download) {
        const file = [...files.values()].find(
          (entry) => entry.filePath === decodeURIComponent(download[1] ?? ""),
        );
        if (!file) return answer(404, { ok: false, error_code: 404, description: "Not Found" });
        response.writeHead(200, { "content-type": "application/octet-stream" });
        response.end(file.bytes);
        return;
      }
      const description = descriptions[url.pathname.split("/").at(-1) ?? ""];
      answer(200, { ok: true, result: true, ...(description ? { description } : {}) });
    });
  });
  server.requestTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** A file the Bot API knows under `fileId`, stored at `filePath` (`photos/file_1.jpg`). */
    addFile: (fileId: string, file: { bytes: Buffer; filePath: string }) => {
      files.set(fileId, file);
    },
    /** The next call is refused as Telegram does (`{ok: false, error_code, description}`), still recorded. */
    refuseNext: (status: number, description: string) => {
      refusals.push({ status, description });
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
