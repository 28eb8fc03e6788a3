import type { Database } from "../client";

/** The records due for a `lastActivityAt` write (chat turn or edit); null ids are not touched. */
export interface DueActivity {
  workspaceId: string | null;
  publishedBotId: string | null;
}

const stale = `"lastActivityAt" IS NULL OR "lastActivityAt" < now() - interval '1 minute'`;

/**
 * Data-modifying CTEs moving `lastActivityAt` of the workspace and published bot named by the
 * JSON parameter `$V` (a DueActivity, or null for none), only where it is older than a minute, and
 * only when `guard` (an SQL condition) holds. Part of the chat turn's one statement.
 */
export function activitySql(parameter: string, guard: string) {
  return `
  v AS (
    SELECT x."workspaceId", x."publishedBotId"
    FROM jsonb_to_record(COALESCE(${parameter}::jsonb, '{}'::jsonb)) AS x("workspaceId" text, "publishedBotId" text)
    WHERE ${guard}
  ),
  vw AS (
    UPDATE "Workspace" SET "lastActivityAt" = now() FROM v WHERE "Workspace".id = v."workspaceId" AND (${stale})
  ),
  vp AS (
    UPDATE "PublishedBot" SET "lastActivityAt" = now() FROM v WHERE "PublishedBot".id = v."publishedBotId" AND (${stale})
  )`;
}

/** Editing activity (a write through the management API): one statement, when something is due. */
export async function recordActivity(db: Database, due: DueActivity): Promise<void> {
  await db.$executeRawUnsafe(`WITH ${activitySql("$1", "true")} SELECT 1`, JSON.stringify(due));
}
