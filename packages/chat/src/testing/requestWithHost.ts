import { request } from "node:http";

/**
 * An HTTP request to `url` carrying another `Host` header, as a browser on a custom domain sends it
 * through a proxy (fetch cannot: it always sends the URL's host). The body is JSON when given.
 */
export function requestWithHost(
  url: string,
  options: { host: string; method?: string; token?: string; body?: unknown },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method ?? "GET",
        headers: {
          host: options.host,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}
