import { handleTrpcRequest } from "../mounts";

// biome-ignore lint/suspicious/noExplicitAny: tests assert on JSON bodies of every shape
type JsonBody = any;

/**
 * A browser of the builder: calls its tRPC procedures over the /api/trpc mount as the builder's client
 * does, keeping the sign-in cookie it is given, from a client address (what the mount reads).
 */
export function createBuilderClient(
  options: { clientAddress?: string; sessionToken?: string; userAgent?: string } = {},
) {
  let session = options.sessionToken;
  const send = async (path: string, init: RequestInit) => {
    const response = await handleTrpcRequest(
      new Request(`http://localhost:3000/api/trpc/${path}`, {
        ...init,
        headers: {
          ...(init.body ? { "content-type": "application/json" } : {}),
          ...(session ? { cookie: `parley_session=${session}` } : {}),
          ...(options.clientAddress ? { "x-parley-client-address": options.clientAddress } : {}),
          ...(options.userAgent ? { "user-agent": options.userAgent } : {}),
        },
      }),
    );
    const cookie = /parley_session=([^;]*)/.exec(response.headers.get("set-cookie") ?? "");
    if (cookie) session = cookie[1] || undefined;
    const body = (await response.json()) as JsonBody;
    return {
      status: response.status,
      headers: response.headers,
      data: body.result?.data as JsonBody,
      /** The contract's error body, and the wait of a rate-limited call. */
      error: body.error?.data?.body as JsonBody,
      retryAfterSeconds: body.error?.data?.retryAfterSeconds as number | undefined,
    };
  };
  return {
    mutate: (path: string, input: unknown) => send(path, { method: "POST", body: JSON.stringify(input) }),
    query: (path: string, input: unknown) =>
      send(`${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { method: "GET" }),
    get sessionToken() {
      return session;
    },
  };
}
