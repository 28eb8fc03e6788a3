import type { ChatBubble, ContinueChatResponse } from "@parley/schemas";
import { ChatApiError, ChatNetworkError } from "../api/chatApiError";
import { type ChatClient, toErrorBody } from "../api/createChatClient";

/** What the session's event stream carries while an inbox agent handles the chat (docs/inbox.md). */
export type AgentEvent =
  | { type: "message"; id: string; bubble: ChatBubble }
  | { type: "typing"; id: string }
  /** The handoff is over; `response` is the flow's next turn (null: the chat ended). */
  | { type: "closed"; id: string; response: ContinueChatResponse | null };

export interface ServerSentEvent {
  id: string | null;
  event: string;
  data: string;
  /** The `retry:` field: how long to wait before reconnecting. */
  retryMs: number | null;
}

/** Pause before reconnecting when the server named none, or after a network failure or a server error. */
const DEFAULT_RETRY_MS = 2_000;

/**
 * Splits Server-Sent Events text into complete events (the HTML standard's parsing, without the parts the
 * session stream never sends): returns the events and the unfinished rest to prepend to the next chunk.
 */
export function parseServerSentEvents(text: string): { events: ServerSentEvent[]; rest: string } {
  const normalized = text.replace(/\r\n?/g, "\n");
  const blocks = normalized.split("\n\n");
  const rest = blocks.pop() ?? "";
  const events: ServerSentEvent[] = [];
  for (const block of blocks) {
    const event: ServerSentEvent = { id: null, event: "message", data: "", retryMs: null };
    const data: string[] = [];
    let hasField = false;
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      hasField = true;
      if (field === "id") event.id = value;
      else if (field === "event") event.event = value;
      else if (field === "data") data.push(value);
      else if (field === "retry" && /^\d+$/.test(value)) event.retryMs = Number(value);
    }
    if (!hasField) continue;
    event.data = data.join("\n");
    events.push(event);
  }
  return { events, rest };
}

/** A stream event as the chat shows it; null for events it does not know (kept for their id only). */
export function toAgentEvent(event: ServerSentEvent): AgentEvent | null {
  if (event.id === null || event.data === "") return null;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  if (event.event === "message") {
    const { from: _from, ...bubble } = data as ChatBubble & { from?: string };
    return { type: "message", id: event.id, bubble: bubble as ChatBubble };
  }
  if (event.event === "typing") return { type: "typing", id: event.id };
  if (event.event === "closed") {
    const response = (data as { response?: ContinueChatResponse | null }).response ?? null;
    return { type: "closed", id: event.id, response };
  }
  return null;
}

/**
 * Follows `GET /api/v1/sessions/{sessionId}/events` (read with fetch, so the chat key goes in the
 * Authorization header) from the event after `lastEventId`, reconnecting with `Last-Event-ID` whenever the
 * stream ends or the network fails, until the `closed` event (resolved) or the signal aborts. A refusal
 * (the session is gone, the key rotated) rejects with the API's error.
 */
export async function followAgentStream(
  client: ChatClient,
  options: {
    sessionId: string;
    lastEventId: string | null;
    signal: AbortSignal;
    onEvent: (event: AgentEvent) => void;
    /** Every event's id, those the chat does not show included: where a reconnection resumes. */
    onEventId: (id: string) => void;
  },
): Promise<void> {
  const path = `/api/v1/sessions/${encodeURIComponent(options.sessionId)}/events`;
  let lastEventId = options.lastEventId;
  let retryMs = DEFAULT_RETRY_MS;
  while (!options.signal.aborted) {
    try {
      const response = await client.request(path, {
        method: "GET",
        headers: {
          Accept: "text/event-stream",
          ...(lastEventId ? { "Last-Event-ID": lastEventId } : {}),
        },
        signal: options.signal,
      });
      if (!response.ok) {
        const payload = await response.json().catch(() => undefined);
        if (response.status < 500)
          throw new ChatApiError(response.status, toErrorBody(response.status, payload));
      } else if (response.body) {
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const parsed = parseServerSentEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          for (const event of parsed.events) {
            if (event.retryMs !== null) retryMs = event.retryMs;
            if (event.id !== null) {
              lastEventId = event.id;
              options.onEventId(event.id);
            }
            const agentEvent = toAgentEvent(event);
            if (!agentEvent) continue;
            options.onEvent(agentEvent);
            if (agentEvent.type === "closed") {
              await reader.cancel().catch(() => undefined);
              return;
            }
          }
        }
      }
    } catch (error) {
      if (options.signal.aborted) return;
      // A dropped connection is reconnected; anything else (a refusal) ends the following.
      if (!(error instanceof ChatNetworkError) && !(error instanceof TypeError)) throw error;
    }
    if (options.signal.aborted) return;
    await sleep(retryMs, options.signal);
  }
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
