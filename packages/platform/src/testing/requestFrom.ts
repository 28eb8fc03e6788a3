import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export interface ReplyFrom {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * An HTTP request whose socket is bound to `from`, a loopback address (127.0.0.2 is a client other
 * than 127.0.0.1 to the server): what fetch cannot choose.
 */
export function requestFrom(
  from: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<ReplyFrom> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        localAddress: from,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}
