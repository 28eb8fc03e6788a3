import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { bothHosts, type ChatEndpoint, defineChatEndpoint } from "../core/chatEndpoint";
import { authText, sessionParam } from "../core/endpointDocs";
import type { HandoffChatRuntime } from "./handoffRuntime";
import { MAX_WAIT_SECONDS, streamSessionEvents } from "./streamSessionEvents";

/** A session in a Human handoff: what the inbox's agents send the visitor. */
export const handoffEndpoints: readonly ChatEndpoint<string, HandoffChatRuntime>[] = [
  defineChatEndpoint({
    method: "GET",
    path: "/sessions/{sessionId}/events",
    hosts: bothHosts,
    handle: streamSessionEvents,
    docs: {
      operationId: "streamSessionEvents",
      summary: "Receive an agent's messages (Server-Sent Events)",
      description: `While the session is in a Human handoff: \`text/event-stream\` of \`message\` (the bubble as continueChat returns it, plus \`from: "agent"\`), \`typing\` and \`closed\` (\`{reason, resolution, response}\`: \`response\` is the flow's next turn, shaped like continueChat's, when the bot takes over again; the stream then ends), with \`: heartbeat\` comments every 15 s; each event has an \`id\`: reconnect with \`Last-Event-ID\` to resume after it. Long-poll fallback: \`?wait=<0-${MAX_WAIT_SECONDS}>\` (and \`lastEventId\`) answers \`{events: [{id, event, data}]}\` as JSON as soon as there is one. ${authText} Issue codes: SESSION_NOT_FOUND, INVALID_EVENT_ID, INVALID_WAIT, RATE_LIMITED.`,
      params: sessionParam,
      query: z.object({
        wait: textSchema
          .optional()
          .meta({ description: `Long poll: seconds to hold (0-${MAX_WAIT_SECONDS})` }),
        lastEventId: textSchema.optional().meta({ description: "Resume after this event id" }),
      }),
      response: { text: "text/event-stream (or, with `wait`, JSON `{events}`)" },
    },
  }),
];
