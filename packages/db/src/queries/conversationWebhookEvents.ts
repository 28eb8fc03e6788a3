/** The inbox events result webhooks can subscribe to (docs/inbox.md, "Webhooks"). */
export type ConversationWebhookEvent =
  | "conversation.waiting"
  | "conversation.assigned"
  | "conversation.message"
  | "conversation.closed";

/** An ISO 8601 UTC text of a timestamptz expression, as the API writes timestamps. */
const iso = (expression: string) =>
  `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The conversation `c` as the REST API's `Conversation` (same fields, same order). */
const conversationJson = `json_build_object('id', c.id, 'workspaceId', c."workspaceId", 'botId', c."botId",
  'sessionId', c."sessionId", 'resultId', c."resultId", 'channel', c.channel, 'status', c.status, 'team', c.team,
  'assigneeId', c."assigneeId", 'resolution', c.resolution, 'language', c.language, 'summary', c.summary,
  'createdAt', ${iso(`c."createdAt"`)},
  'updatedAt', ${iso(`c."updatedAt"`)}, 'assignedAt', ${iso(`c."assignedAt"`)}, 'closedAt', ${iso(`c."closedAt"`)})`;

/** The message `m` as the REST API's `ConversationMessage` (its attachment read from `ConversationFile`). */
const messageJson = `json_build_object('id', m.id, 'author', m.author, 'userId', m."userId", 'text', m.text,
  'isInternal', m."isInternal", 'attachment', (SELECT json_build_object('id', f.id, 'name', f.name,
  'contentType', f."contentType", 'size', f.size, 'url', f.url) FROM "ConversationFile" f WHERE f.id = m."fileId"),
  'createdAt', ${iso(`m."createdAt"`)})`;

/**
 * The body of a `conversation.*` event and the CTE recording it in the webhook outbox (`WebhookEvent`, fanned out by
 * the delivery worker like result events), to put in the statement that makes the change, so the event exists
 * exactly when the change was saved and costs no extra round trip.
 *
 * `conversations` names a relation of conversation rows as they are after the change (an UPDATE's or INSERT's
 * `RETURNING *`, or "Conversation"); for `conversation.message`, `messages` names the new messages (`RETURNING *` of
 * the insert), each with its conversation. `close` adds `{reason, resumed}` to `conversation.closed`. Only bots
 * with a subscription to the event record it, and only conversations with a result (a preview's have none). The
 * body is built now, from the rows as they are after the change: every delivery and retry sends those bytes.
 */
export function conversationWebhookEventSql(options: {
  event: ConversationWebhookEvent;
  conversations: string;
  messages?: string;
  close?: { reason: "closed" | "timedOut" };
}): string {
  const { event } = options;
  const from = options.messages
    ? `${options.messages} m JOIN ${options.conversations} c ON c.id = m."conversationId"`
    : `${options.conversations} c`;
  const extra = [
    options.messages ? `, 'message', ${messageJson}` : "",
    options.close
      ? `, 'close', json_build_object('reason', '${options.close.reason}', 'resumed', c."isResumed")`
      : "",
  ].join("");
  return `INSERT INTO "WebhookEvent" (id, "botId", event, "resultId", payload)
    SELECT 'e' || left(md5(random()::text || ':' || c.id || ':' || '${event}'${options.messages ? " || m.id" : ""}), 23),
      c."botId", '${event}', c."resultId",
      json_build_object('event', '${event}', 'createdAt', ${iso("now()")},
        'bot', json_build_object('id', b.id, 'name', b.name, 'publicId', b."publicId"),
        'conversation', ${conversationJson}${extra})::text
    FROM ${from}
    JOIN "Bot" b ON b.id = c."botId"
    WHERE c."resultId" IS NOT NULL
      AND EXISTS (SELECT 1 FROM "WebhookSubscription" ws WHERE ws."botId" = c."botId" AND '${event}' = ANY (ws.events))`;
}
