/** Rows a chat turn writes beside its session, all guarded by the session write succeeding. */
export interface ChatTurnWrites {
  /** The result of a live session (none in preview). */
  result: {
    id: string;
    botId: string;
    workspaceId: string;
    publishedBotId: string | null;
    variables: unknown;
    hasStarted: boolean;
    isCompleted: boolean;
  } | null;
  answers: {
    id: string;
    index: number;
    blockId: string;
    groupId: string;
    itemId: string | null;
    variableId: string | null;
    content: string;
    attachedFileUrls: string[] | null;
  }[];
  visitedEdges: { index: number; edgeId: string }[];
  logs: {
    id: string;
    botId: string;
    status: string;
    description: string;
    details: string | null;
    context: string | null;
  }[];
  /** Responses kept for replay: `turn:<n>` for a concurrent duplicate, `idem:<key>` for a retried request. */
  records: { scope: string; key: string; statusCode: number; response: unknown; requestHash: string | null }[];
}

/**
 * Data-modifying CTEs writing a turn's rows, each only if the CTE `s` (the
 * session insert or guarded update) returned a row; the whole statement is one
 * transaction. Parameters: $RESULT, $ANSWERS, $EDGES, $LOGS, $RECORDS (jsonb)
 * and $SESSION (the session id), replaced by the caller's numbers.
 */
export const turnWritesSql = `
  r AS (
    INSERT INTO "Result" (id, "botId", "workspaceId", "publishedBotId", variables, "hasStarted", "isCompleted", "lastChatSessionId")
    SELECT x.id, x."botId", x."workspaceId", x."publishedBotId", x.variables, x."hasStarted", x."isCompleted", $SESSION
    FROM jsonb_to_record($RESULT::jsonb) AS x(id text, "botId" text, "workspaceId" text, "publishedBotId" text,
      variables jsonb, "hasStarted" boolean, "isCompleted" boolean)
    WHERE x.id IS NOT NULL AND EXISTS (SELECT 1 FROM s)
    ON CONFLICT (id) DO UPDATE SET variables = EXCLUDED.variables,
      "hasStarted" = "Result"."hasStarted" OR EXCLUDED."hasStarted",
      "isCompleted" = "Result"."isCompleted" OR EXCLUDED."isCompleted",
      "lastChatSessionId" = EXCLUDED."lastChatSessionId", "updatedAt" = now()
  ),
  a AS (
    INSERT INTO "Answer" (id, "resultId", "index", "blockId", "groupId", "itemId", "variableId", content, "attachedFileUrls")
    SELECT x.id, ($RESULT::jsonb)->>'id', x."index", x."blockId", x."groupId", x."itemId", x."variableId", x.content,
      x."attachedFileUrls"
    FROM jsonb_to_recordset($ANSWERS::jsonb) AS x(id text, "index" int, "blockId" text, "groupId" text, "itemId" text,
      "variableId" text, content text, "attachedFileUrls" jsonb)
    WHERE EXISTS (SELECT 1 FROM s)
    ON CONFLICT ("resultId", "index") DO NOTHING
  ),
  e AS (
    INSERT INTO "VisitedEdge" ("resultId", "index", "edgeId")
    SELECT ($RESULT::jsonb)->>'id', x."index", x."edgeId"
    FROM jsonb_to_recordset($EDGES::jsonb) AS x("index" int, "edgeId" text)
    WHERE EXISTS (SELECT 1 FROM s)
    ON CONFLICT DO NOTHING
  ),
  l AS (
    INSERT INTO "Log" (id, "botId", "resultId", "sessionId", status, description, details, context)
    SELECT x.id, x."botId", ($RESULT::jsonb)->>'id', $SESSION, x.status, x.description, x.details, x.context
    FROM jsonb_to_recordset($LOGS::jsonb) AS x(id text, "botId" text, status text, description text, details text,
      context text)
    WHERE EXISTS (SELECT 1 FROM s)
  ),
  t AS (
    INSERT INTO "ChatTurnRecord" ("sessionId", key, "statusCode", response, "requestHash")
    SELECT x.scope, x.key, x."statusCode", x.response, x."requestHash"
    FROM jsonb_to_recordset($RECORDS::jsonb) AS x(scope text, key text, "statusCode" int, response jsonb,
      "requestHash" text)
    WHERE EXISTS (SELECT 1 FROM s)
    ON CONFLICT DO NOTHING
  )`;

export function turnWritesSqlWith(numbers: {
  session: number;
  result: number;
  answers: number;
  edges: number;
  logs: number;
  records: number;
}) {
  return turnWritesSql
    .replaceAll("$SESSION", `$${numbers.session}`)
    .replaceAll("$RESULT", `$${numbers.result}`)
    .replaceAll("$ANSWERS", `$${numbers.answers}`)
    .replaceAll("$EDGES", `$${numbers.edges}`)
    .replaceAll("$LOGS", `$${numbers.logs}`)
    .replaceAll("$RECORDS", `$${numbers.records}`);
}

export function turnWritesValues(writes: ChatTurnWrites) {
  return [
    writes.result ? JSON.stringify(writes.result) : null,
    JSON.stringify(writes.answers),
    JSON.stringify(writes.visitedEdges),
    JSON.stringify(writes.logs),
    JSON.stringify(writes.records),
  ];
}
