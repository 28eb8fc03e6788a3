// B-tx of bench/chat.ts: a bare node:http server doing the SQL of a chat turn with raw pg.
// Port: argv[2]. Database: DATABASE_URL.
import { createServer } from "node:http";
import { handleBaselineStart, handleBaselineTurn } from "../next-baseline/src/baselineTurn";

const startPath = /^\/api\/v1\/bots\/([^/]+)\/startChat$/;
const turnPath = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/;

const server = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    const url = request.url ?? "/";
    const start = startPath.exec(url);
    const turn = turnPath.exec(url);
    const authorization = request.headers.authorization ?? null;
    const result = start?.[1]
      ? await handleBaselineStart(start[1], authorization, body)
      : turn?.[1]
        ? await handleBaselineTurn(turn[1], authorization, body)
        : { status: 404, body: {} };
    const text = JSON.stringify(result.body);
    response.writeHead(result.status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(text),
    });
    response.end(text);
  } catch (error) {
    response.writeHead(500, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: String(error) }));
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[2]), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
