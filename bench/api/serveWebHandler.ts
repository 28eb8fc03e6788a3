import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? Buffer.concat(chunks) : undefined;
}

/** Serves a Web-standard `(Request) => Response` handler on node:http (127.0.0.1, a free port). */
export async function serveWebHandler(handle: (request: Request) => Promise<Response>) {
  const server: Server = createServer(async (incoming, outgoing) => {
    const body =
      incoming.method === "GET" || incoming.method === "HEAD" ? undefined : await readBody(incoming);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const response = await handle(
      new Request(`http://127.0.0.1${incoming.url}`, {
        method: incoming.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
      }),
    );
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
