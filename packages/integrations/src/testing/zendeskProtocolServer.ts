import type { IncomingMessage, ServerResponse } from "node:http";
import { type LocalServer, readRequestText, startLocalServer } from "./startLocalServer";

export interface ZendeskAgentForTests {
  email: string;
  apiToken: string;
}

export interface RecordedZendeskRequest {
  method: string;
  path: string;
  /** The body's exact bytes, as text. */
  body: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

export interface ZendeskProtocolServer extends LocalServer {
  /** Every request, in order. */
  received: RecordedZendeskRequest[];
  /** Tickets created so far, by id, as Zendesk stores them. */
  tickets: Map<number, Record<string, unknown>>;
  /** While set, every request is refused with 429 and this Retry-After (seconds), as Zendesk's rate limit. */
  retryAfterSeconds: number | null;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const priorities = new Set(["low", "normal", "high", "urgent"]);

/**
 * Zendesk Support's ticket API as a Zendesk block calls it (`POST /api/v2/tickets.json`), with Zendesk's rules
 * and answers: basic auth `{email}/token:{apiToken}` (401 `{"error":"Couldn't authenticate you"}`), the record's
 * validation (422 `{"error":"RecordInvalid","description":"Record validation errors","details":{…}}`), its rate
 * limit (429 with Retry-After) and 201 with the ticket and its Location.
 */
export async function startZendeskProtocolServer(
  agent: ZendeskAgentForTests,
): Promise<ZendeskProtocolServer> {
  let nextId = 101;
  const expectedAuthorization = `Basic ${Buffer.from(`${agent.email}/token:${agent.apiToken}`).toString("base64")}`;
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readRequestText(request);
    const url = new URL(request.url ?? "/", server.origin);
    server.received.push({
      method: request.method ?? "",
      path: `${url.pathname}${url.search}`,
      body,
      authorization: request.headers.authorization,
      contentType: request.headers["content-type"],
    });
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers })
        .end(JSON.stringify(json));
    if (server.retryAfterSeconds !== null)
      return send(
        429,
        { error: "APIRateLimitExceeded", description: "Number of allowed API requests per minute exceeded" },
        { "retry-after": String(server.retryAfterSeconds) },
      );
    if (request.headers.authorization !== expectedAuthorization)
      return send(401, { error: "Couldn't authenticate you" });
    if (url.pathname !== "/api/v2/tickets.json" || request.method !== "POST")
      return send(404, { error: "InvalidEndpoint", description: "Not found" });
    if (!request.headers["content-type"]?.startsWith("application/json"))
      return send(415, { error: "Unsupported Media Type" });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(400, { error: "Unprocessable Entity", description: "Server could not parse JSON" });
    }
    const ticket = (parsed as { ticket?: Record<string, unknown> }).ticket;
    const details: Record<string, { description: string; error: string }[]> = {};
    const comment = ticket?.comment as { body?: unknown } | undefined;
    if (typeof comment?.body !== "string" || comment.body.trim() === "")
      details.description = [{ description: "Description: cannot be blank", error: "BlankValue" }];
    const requester = ticket?.requester as { email?: unknown; name?: unknown } | undefined;
    if (requester && (typeof requester.email !== "string" || !emailPattern.test(requester.email)))
      details.requester = [
        { description: "Requester: Email is not properly formatted", error: "InvalidValue" },
      ];
    if (ticket?.priority !== undefined && !priorities.has(String(ticket.priority)))
      details.priority = [{ description: "Priority: is not valid", error: "InvalidValue" }];
    if (!ticket || Object.keys(details).length > 0)
      return send(422, { error: "RecordInvalid", description: "Record validation errors", details });
    const id = nextId++;
    const stored = {
      url: `${server.origin}/api/v2/tickets/${id}.json`,
      id,
      subject: ticket.subject ?? null,
      description: comment?.body,
      priority: ticket.priority ?? null,
      status: "new",
      requester_id: requester ? 9000 + id : 42,
      tags: ticket.tags ?? [],
      custom_fields: ticket.custom_fields ?? [],
      created_at: "2026-08-21T10:00:00Z",
    };
    server.tickets.set(id, stored);
    return send(201, { ticket: stored }, { location: stored.url });
  };
  const server = (await startLocalServer((request, response) => {
    void handle(request, response);
  })) as ZendeskProtocolServer;
  server.received = [];
  server.tickets = new Map();
  server.retryAfterSeconds = null;
  return server;
}
