import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { handleWidgetTextsRequest } from "../assets/serveWidgetTexts";

/**
 * An HTTP server on 127.0.0.1 answering with `handler` for the tests of the file that calls it: started before them,
 * closed after them. `apiHost` is its origin (`http://127.0.0.1:<port>`) once the tests run.
 */
export function createLoopbackServer(handler: RequestListener): { readonly apiHost: string } {
  const server = createServer(handler);
  let apiHost = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    get apiHost() {
      return apiHost;
    },
  };
}

/** Answers a request for `/embed-texts/<file>` as the viewer's route does (the widget's catalogues). */
export async function answerWidgetTexts(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const path = incoming.url ?? "";
  const answer = await handleWidgetTextsRequest(new Request(`http://viewer${path}`), {
    params: Promise.resolve({ file: decodeURIComponent(path.replace(/^\/embed-texts\//, "")) }),
  });
  outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
  outgoing.end(Buffer.from(await answer.arrayBuffer()));
}
