import { handleTrpcRequest } from "../mounts";

// biome-ignore lint/suspicious/noExplicitAny: tests assert on JSON bodies of every shape
type JsonBody = any;

/**
 * A browser of the builder: calls its tRPC procedures over the /api/trpc mount as the builder's client
 * does, keeping the cookies it is given (the sign-in's, a sign-in's waiting for its second factor), from a
 * client address (what the mount reads).
 */
export function createBuilderClient(
  options: { clientAddress?: string; sessionToken?: string; userAgent?: string } = {},
) {
  const cookies = new Map<string, string>();
  if (options.sessionToken) cookies.set("parley_session", options.sessionToken);
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const send = async (path: string, init: RequestInit) => {
    const response = await handleTrpcRequest(
      new Request(`http://localhost:3000/api/trpc/${path}`, {
        ...init,
        headers: {
          // As @trpc/client's httpLink: every mutation says JSON, with a body or without (no input).
          ...(init.method === "POST" ? { "content-type": "application/json" } : {}),
          ...(cookies.size > 0 ? { cookie: cookieHeader() } : {}),
          ...(options.clientAddress ? { "x-parley-client-address": options.clientAddress } : {}),
          ...(options.userAgent ? { "user-agent": options.userAgent } : {}),
        },
      }),
    );
    for (const header of response.headers.getSetCookie()) {
      const [, name = "", value = ""] = /^([^=]+)=([^;]*)/.exec(header) ?? [];
      if (value && !/Max-Age=0/i.test(header)) cookies.set(name, value);
      else cookies.delete(name);
    }
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
    // No input is sent as none (as the builder's client does), not as the text "undefined".
    mutate: (path: string, input: unknown) =>
      send(path, { method: "POST", ...(input === undefined ? {} : { body: JSON.stringify(input) }) }),
    query: (path: string, input: unknown) =>
      send(input === undefined ? path : `${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        method: "GET",
      }),
    get sessionToken() {
      return cookies.get("parley_session");
    },
  };
}
