import { conversationWebhookEventSql } from "./conversationWebhookEvents";
import { activitySql, type DueActivity } from "./recordActivity";

/** Rows a chat turn writes beside its session, all guarded by the session write succeeding. */
export interface ChatTurnWrites {
  /** Results upserted by the turn: the session's own, and those of linked bots (none in preview). */
  results: {
    id: string;
    botId: string;
    workspaceId: string;
    publishedBotId: string | null;
    variables: unknown;
    hasStarted: boolean;
    isCompleted: boolean;
    /** The visitor's language (BCP 47) for a bot with several; null (or absent) otherwise. */
    language?: string | null;
  }[];
  answers: {
    id: string;
    resultId: string;
    index: number;
    blockId: string;
    groupId: string;
    itemId: string | null;
    variableId: string | null;
    content: string;
    attachedFileUrls: string[] | null;
  }[];
  visitedEdges: { resultId: string; index: number; edgeId: string }[];
  logs: {
    id: string;
    botId: string;
    resultId: string | null;
    status: string;
    description: string;
    details: string | null;
    context: string | null;
  }[];
  /**
   * Responses kept for replay: `turn:<n>` for a concurrent duplicate, `idem:<key>` for a retried
   * request. `createdAt` is the writer's clock just before the write (see readChatSession).
   */
  records: {
    scope: string;
    key: string;
    statusCode: number;
    response: unknown;
    /** `JSON.stringify(response)` when the caller has it already (the HTTP body): written as it is. */
    responseJson?: string;
    requestHash: string | null;
    createdAt?: Date;
  }[];
  /** `lastActivityAt` to move (workspace, published bot), when the process's throttle says it is due. */
  activity: DueActivity | null;
  /** Inbox conversations a Human handoff block opened this turn (status `waiting`). */
  conversations?: {
    id: string;
    workspaceId: string;
    botId: string;
    resultId: string | null;
    blockId: string;
    channel: string;
    team: string | null;
    pickUpTimeoutAt: string | null;
    waitingEmailAt: string | null;
    /** The visitor's language (BCP 47) of a bot with several languages. */
    language: string | null;
    /** What an AI agent's hand-over path summed up (null: none). */
    summary?: string | null;
    /** The visitor's place in the queue when it opened (null: unknown). */
    queuePosition?: number | null;
  }[];
  /** The visitor's messages to the inbox conversation the session waits in. */
  conversationMessages?: { id: string; conversationId: string; text: string }[];
}

/**
 * Data-modifying CTEs writing a turn's rows, each only if the CTE `s` (the
 * session insert or guarded update) returned a row. The whole statement is one
 * transaction; foreign keys are checked at its end, so answers may reference a
 * result inserted beside them. `$S` is the session id; `$R $A $E $L $T` are the
 * JSON arrays of results, answers, visited edges, logs and records. `w` records the result events
 * (result.created, answer.created, result.completed) of bots with a subscription to them, one row
 * per event whatever the number of subscriptions (the delivery worker fans them out): every CTE
 * sees the rows as they were before the statement, which tells a new result or a newly completed
 * one; ids derive from bot, event, result and answer, so an event is recorded once. `v…` move the
 * `lastActivityAt` of `$V` (the turn's due activity) where it is over a minute old. `h…` write the inbox's rows
 * (the conversation a Human handoff block opened, the visitor's messages to it) and their `conversation.*` events.
 */
const turnWritesSql = `
  r AS (
    INSERT INTO "Result" (id, "botId", "workspaceId", "publishedBotId", variables, "hasStarted", "isCompleted",
      "lastChatSessionId", language)
    SELECT x.id, x."botId", x."workspaceId", x."publishedBotId", x.variables, x."hasStarted", x."isCompleted", $S,
      x.language
    FROM jsonb_to_recordset($R::jsonb) AS x(id text, "botId" text, "workspaceId" text, "publishedBotId" text,
      variables jsonb, "hasStarted" boolean, "isCompleted" boolean, language text)
    WHERE EXISTS (SELECT 1 FROM s)
    ON CONFLICT (id) DO UPDATE SET variables = EXCLUDED.variables, language = EXCLUDED.language,
      "hasStarted" = "Result"."hasStarted" OR EXCLUDED."hasStarted",
      "isCompleted" = "Result"."isCompleted" OR EXCLUDED."isCompleted",
      "lastChatSessionId" = EXCLUDED."lastChatSessionId", "updatedAt" = now()
  ),
  a AS (
    INSERT INTO "Answer" (id, "resultId", "index", "blockId", "groupId", "itemId", "variableId", content,
      "attachedFileUrls")
    SELECT x.id, x."resultId", x."index", x."blockId", x."groupId", x."itemId", x."variableId", x.content,
      x."attachedFileUrls"
    FROM jsonb_to_recordset($A::jsonb) AS x(id text, "resultId" text, "index" int, "blockId" text, "groupId" text,
      "itemId" text, "variableId" text, content text, "attachedFileUrls" jsonb)
    WHERE EXISTS (SELECT 1 FROM s)
    ON CONFLICT ("resultId", "index") DO NOTHING
    RETURNING "resultId", "index"
  ),
  e AS (
    INSERT INTO "VisitedEdge" ("resultId", "index", "edgeId")
    SELECT x."resultId", x."index", x."edgeId"
    FROM jsonb_to_recordset($E::jsonb) AS x("resultId" text, "index" int, "edgeId" text)
    WHERE EXISTS (SELECT 1 FROM s)
    ON CONFLICT DO NOTHING
  ),
  l AS (
    INSERT INTO "Log" (id, "botId", "resultId", "sessionId", status, description, details, context)
    SELECT x.id, x."botId", x."resultId", $S, x.status, x.description, x.details, x.context
    FROM jsonb_to_recordset($L::jsonb) AS x(id text, "botId" text, "resultId" text, status text, description text,
      details text, context text)
    WHERE EXISTS (SELECT 1 FROM s)
  ),
  t AS (
    INSERT INTO "ChatTurnRecord" ("sessionId", key, "statusCode", response, "requestHash", "createdAt")
    SELECT x.scope, x.key, x."statusCode", x.response, x."requestHash", COALESCE(x."createdAt", now())
    FROM jsonb_to_recordset($T::jsonb) AS x(scope text, key text, "statusCode" int, response jsonb,
      "requestHash" text, "createdAt" timestamptz)
    WHERE EXISTS (SELECT 1 FROM s)
    ON CONFLICT DO NOTHING
  ),
  w AS (
    INSERT INTO "WebhookEvent" (id, "botId", event, "resultId", "answerIndex")
    SELECT 'e' || left(md5(ev."botId" || ':' || ev.event || ':' || ev."resultId" || ':' || COALESCE(ev."answerIndex", -1)), 23),
      ev."botId", ev.event, ev."resultId", ev."answerIndex"
    FROM (
      SELECT 'result.created' AS event, x.id AS "resultId", x."botId", NULL::int AS "answerIndex"
      FROM jsonb_to_recordset($R::jsonb) AS x(id text, "botId" text)
      WHERE NOT EXISTS (SELECT 1 FROM "Result" o WHERE o.id = x.id)
      UNION ALL
      SELECT 'answer.created', na."resultId", COALESCE(x."botId", o."botId"), na."index"
      FROM a na
      LEFT JOIN jsonb_to_recordset($R::jsonb) AS x(id text, "botId" text) ON x.id = na."resultId"
      LEFT JOIN "Result" o ON o.id = na."resultId"
      UNION ALL
      SELECT 'result.completed', x.id, x."botId", NULL
      FROM jsonb_to_recordset($R::jsonb) AS x(id text, "botId" text, "isCompleted" boolean)
      WHERE x."isCompleted" AND NOT EXISTS (SELECT 1 FROM "Result" o WHERE o.id = x.id AND o."isCompleted")
    ) AS ev
    WHERE EXISTS (SELECT 1 FROM s)
      AND EXISTS (SELECT 1 FROM "WebhookSubscription" ws WHERE ws."botId" = ev."botId" AND ev.event = ANY (ws.events))
    ON CONFLICT (id) DO NOTHING
  ),
  h AS (
    INSERT INTO "Conversation" (id, "workspaceId", "botId", "sessionId", "resultId", "blockId", channel, team,
      "pickUpTimeoutAt", "waitingEmailAt", language, summary, "queuePosition")
    SELECT x.id, x."workspaceId", x."botId", $S, x."resultId", x."blockId",
      CASE WHEN x.channel = 'messaging' THEN COALESCE((
        SELECT CASE cr.type WHEN 'whatsApp' THEN 'whatsapp' ELSE 'telegram' END
        FROM "MessagingConversation" mc JOIN "Credentials" cr ON cr.id = mc."credentialsId"
        WHERE mc."sessionId" = $S LIMIT 1), x.channel) ELSE x.channel END,
      x.team, x."pickUpTimeoutAt", x."waitingEmailAt", x.language, x.summary, x."queuePosition"
    FROM jsonb_to_recordset($H::jsonb) AS x(id text, "workspaceId" text, "botId" text, "resultId" text,
      "blockId" text, channel text, team text, "pickUpTimeoutAt" timestamptz,
      "waitingEmailAt" timestamptz, language text, summary text, "queuePosition" int)
    WHERE EXISTS (SELECT 1 FROM s)
    ON CONFLICT (id) DO NOTHING
    RETURNING *
  ),
  hw AS (${conversationWebhookEventSql({ event: "conversation.waiting", conversations: "h" })}),
  hm AS (
    INSERT INTO "ConversationMessage" (id, "conversationId", author, text)
    SELECT x.id, x."conversationId", 'visitor', x.text
    FROM jsonb_to_recordset($M::jsonb) AS x(id text, "conversationId" text, text text)
    WHERE EXISTS (SELECT 1 FROM s)
      AND EXISTS (SELECT 1 FROM "Conversation" c WHERE c.id = x."conversationId" AND c.status <> 'closed')
    RETURNING *
  ),
  hmw AS (${conversationWebhookEventSql({ event: "conversation.message", conversations: '"Conversation"', messages: "hm" })}),
  hu AS (
    UPDATE "Conversation" SET "updatedAt" = now() WHERE id IN (SELECT "conversationId" FROM hm)
  ),${activitySql("$V", "EXISTS (SELECT 1 FROM s)")}`;

/** The CTEs with their parameters numbered from `first` ($first = session id, then R, A, E, L, T, V, H, M). */
export function turnWritesSqlFrom(first: number) {
  const numbers: Record<string, number> = {
    S: first,
    R: first + 1,
    A: first + 2,
    E: first + 3,
    L: first + 4,
    T: first + 5,
    V: first + 6,
    H: first + 7,
    M: first + 8,
  };
  return turnWritesSql.replace(/\$([SRAELTVHM])\b/g, (_, letter: string) => `$${numbers[letter]}`);
}

/** Values of the parameters of `turnWritesSqlFrom`, in order. */
export function turnWritesValues(sessionId: string, writes: ChatTurnWrites) {
  return [
    sessionId,
    JSON.stringify(writes.results),
    JSON.stringify(writes.answers),
    JSON.stringify(writes.visitedEdges),
    JSON.stringify(writes.logs),
    recordsJson(writes.records),
    writes.activity ? JSON.stringify(writes.activity) : null,
    JSON.stringify(writes.conversations ?? []),
    JSON.stringify(writes.conversationMessages ?? []),
  ];
}

/**
 * The JSON array of the replay records: a record's `responseJson`, when given, is spliced in as its
 * `response` instead of serialising the response again (the same text `JSON.stringify` would give).
 */
function recordsJson(records: ChatTurnWrites["records"]): string {
  if (!records.some((record) => record.responseJson !== undefined)) return JSON.stringify(records);
  const parts: string[] = [];
  for (const { response, responseJson, ...rest } of records) {
    if (responseJson === undefined) {
      parts.push(JSON.stringify({ ...rest, response }));
      continue;
    }
    // `rest` always has `scope` and `key`: its object text ends with "}" after at least one field.
    const fields = JSON.stringify(rest);
    parts.push(`${fields.slice(0, -1)},"response":${responseJson}}`);
  }
  return `[${parts.join(",")}]`;
}
