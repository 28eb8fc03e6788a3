import type {
  ChatMessage,
  ContinueChatResponse,
  ErrorBody,
  PreviewStartChatRequest,
  StartChatRequest,
  StartChatResponse,
} from "@parley/schemas";
import { ChatApiError, ChatNetworkError } from "./chatApiError";
import { takeEarlyStart } from "./takeEarlyStart";

/**
 * How the widget authenticates to the chat endpoints: the bot's public chat key (share
 * page, embeds) or, for the builder preview, the signed-in author's cookie or API token.
 */
export type ChatAuth = { chatKey: string } | { token: string } | { credentials: "include" };

export interface ChatClientOptions {
  /** Origin of the viewer serving the chat API, e.g. `https://chat.example.com`. */
  apiHost: string;
  auth: ChatAuth;
  fetch?: typeof fetch;
}

export interface ChatClient {
  startChat(publicId: string, body: Partial<StartChatRequest>): Promise<StartChatResponse>;
  startPreviewChat(botId: string, body: Partial<PreviewStartChatRequest>): Promise<StartChatResponse>;
  continueChat(sessionId: string, message: ChatMessage | null): Promise<ContinueChatResponse>;
  /** POSTs to another chat endpoint of the viewer (uploads, streams) with the same auth. */
  request(path: string, init: RequestInit): Promise<Response>;
  apiHost: string;
}

export function createChatClient({ apiHost, auth, fetch: fetchImpl }: ChatClientOptions): ChatClient {
  const host = apiHost.replace(/\/+$/, "");
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if ("chatKey" in auth) headers.set("Authorization", `Bearer ${auth.chatKey}`);
    if ("token" in auth) headers.set("Authorization", `Bearer ${auth.token}`);
    try {
      return await doFetch(`${host}${path}`, {
        ...init,
        headers,
        credentials: "credentials" in auth ? "include" : "omit",
      });
    } catch (error) {
      throw new ChatNetworkError(error);
    }
  }

  async function postJson<T>(path: string, body: unknown, sent?: Promise<Response>): Promise<T> {
    const response = sent
      ? await sent.catch((error) => {
          throw new ChatNetworkError(error);
        })
      : await request(path, {
          method: "POST",
          // A retried or double-sent message is answered once (the runtime replays the first response).
          headers: { "Content-Type": "application/json", "Idempotency-Key": createIdempotencyKey() },
          body: JSON.stringify(body),
        });
    const payload = await response.json().catch(() => undefined);
    if (!response.ok) throw new ChatApiError(response.status, toErrorBody(response.status, payload));
    if (payload === undefined) throw new ChatApiError(response.status, toErrorBody(500, undefined));
    return payload as T;
  }

  return {
    apiHost: host,
    request,
    startChat: (publicId, body) =>
      postJson(
        `/api/v1/bots/${encodeURIComponent(publicId)}/startChat`,
        { textBubbleContentFormat: "richText", ...body },
        takeEarlyStart(publicId, body.prefilledVariables, body.resultId),
      ),
    startPreviewChat: (botId, body) =>
      postJson(`/api/v1/bots/${encodeURIComponent(botId)}/preview/startChat`, {
        textBubbleContentFormat: "richText",
        ...body,
      }),
    continueChat: (sessionId, message) =>
      postJson(`/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, {
        message: message ?? undefined,
        textBubbleContentFormat: "richText",
      }),
  };
}

/** The error body of a failed answer: the API's own, or one made from the status. */
export function toErrorBody(status: number, payload: unknown): ErrorBody {
  if (
    typeof payload === "object" &&
    payload !== null &&
    typeof (payload as ErrorBody).code === "string" &&
    Array.isArray((payload as ErrorBody).issues)
  )
    return payload as ErrorBody;
  const code =
    status === 401
      ? "UNAUTHORIZED"
      : status === 403
        ? "FORBIDDEN"
        : status === 400
          ? "BAD_REQUEST"
          : "INTERNAL_SERVER_ERROR";
  return { code, message: "Request failed", issues: [] };
}

function createIdempotencyKey() {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
