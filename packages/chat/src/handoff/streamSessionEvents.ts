import { readSessionEvents, type SessionEventRow } from "@parley/db/queries/readSessionEvents";
import { parseSessionState } from "@parley/engine";
import { readChatCredential } from "@parley/platform/auth/readChatCredential";
import { badRequest } from "@parley/platform/errors";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { assertOriginAllowed } from "../core/http/cors";
import { enforceRateLimit } from "../core/limits/chatRateLimits";
import { loadSessionFlow } from "../core/persistence/loadSessionFlow";
import { readSessionForTurn } from "../core/turns/readSessionForTurn";
import type { HandoffChatRuntime } from "./handoffRuntime";
import { getSessionEventHub } from "./sessionEventHub";

/** Events one read hands over at most (the next read goes on after the last). */
const PAGE = 100;
/** The long poll's longest hold (`?wait=`). */
export const MAX_WAIT_SECONDS = 25;

/**
 * GET /api/v1/sessions/{sessionId}/events: what an inbox agent sends the visitor while the session is in a
 * handoff, as Server-Sent Events (`message`, `typing`, `closed`; heartbeats as comments), resumable with
 * Last-Event-ID; or, with `?wait=<seconds>`, a long poll answering the events after `lastEventId` as JSON as
 * soon as there is one. Authorised like continueChat (the session bot's chat key). Events live in PostgreSQL
 * (written by any process, announced by NOTIFY), so any chat server serves any session's stream.
 */
export async function streamSessionEvents(
  context: ChatRequestContext<{ sessionId: string }, HandoffChatRuntime>,
): Promise<Response> {
  const { runtime, request, scope } = context;
  const { sessionId } = context.params;
  const url = new URL(request.url);
  const afterId = readLastEventId(
    request.headers.get("last-event-id") ?? url.searchParams.get("lastEventId"),
  );
  const wait = readWaitSeconds(url.searchParams.get("wait"));
  const credential = readChatCredential(request, runtime);
  await enforceRateLimit(runtime.limits, "turnsPerSession", sessionId, scope);
  const { session, caller } = await readSessionForTurn(runtime, {
    sessionId,
    credential,
    recordKey: null,
    scope,
  });
  const state = parseSessionState(session.state);
  assertOriginAllowed(request, caller, (await loadSessionFlow(runtime, session, state)).flow.settings);
  const pool = runtime.getPool();
  const hub = getSessionEventHub(runtime);
  const read = (after: string | null) => readSessionEvents(pool, { sessionId, afterId: after, limit: PAGE });

  if (wait !== null) {
    const stop = AbortSignal.any([request.signal, AbortSignal.timeout(wait * 1_000)]);
    for (;;) {
      // Waiting starts before the read, so a NOTIFY between the two is not missed.
      const woken = hub.wait(sessionId, stop);
      const events = await read(afterId);
      if (events.length > 0 || stop.aborted) return answer(events);
      await woken;
      if (stop.aborted) return answer(await read(afterId));
    }
  }

  // A comment line every so often keeps proxies from closing an idle stream; a stream ends after
  // maxStreamMs and the client reconnects with Last-Event-ID (nothing is lost).
  const { heartbeatMs, maxStreamMs } = runtime.sessionEvents;
  const encoder = new TextEncoder();
  const ended = new AbortController();
  const stop = AbortSignal.any([request.signal, ended.signal, AbortSignal.timeout(maxStreamMs)]);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => controller.enqueue(encoder.encode(text));
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), heartbeatMs);
      let last = afterId;
      try {
        write(`retry: 2000\n\n`);
        while (!stop.aborted) {
          const woken = hub.wait(sessionId, stop);
          const events = await read(last);
          for (const event of events) {
            write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
            last = event.id;
            // The handoff is over: the stream ends with it (its response is in the event).
            if (event.type === "closed") ended.abort();
          }
          if (events.length === PAGE) continue;
          await woken;
        }
      } catch (error) {
        scope.logger.warn({ err: error }, "session event stream failed");
      } finally {
        clearInterval(heartbeat);
        controller.close();
      }
    },
    cancel() {
      ended.abort();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    },
  });
}

const answer = (events: SessionEventRow[]) =>
  jsonResponse(
    { events: events.map((event) => ({ id: event.id, event: event.type, data: event.data })) },
    200,
    { "cache-control": "no-store" },
  );

function readLastEventId(value: string | null): string | null {
  if (value === null || value === "") return null;
  if (!/^\d{1,18}$/.test(value))
    throw badRequest("Not an event id of this stream", "INVALID_EVENT_ID", ["lastEventId"]);
  return value;
}

function readWaitSeconds(value: string | null): number | null {
  if (value === null) return null;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_WAIT_SECONDS)
    throw badRequest(`A whole number of seconds, 0 to ${MAX_WAIT_SECONDS}`, "INVALID_WAIT", ["wait"]);
  return seconds;
}
