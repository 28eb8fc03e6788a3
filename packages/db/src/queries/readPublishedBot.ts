import type { Pool } from "../pool";
import { type StoredFlowColumns, storedFlowSql } from "../storedFlow";

/** An immutable published version of a bot, as stored: read it with `toPublishedFlowSnapshot`. */
export type PublishedBotRow = {
  id: string;
  botId: string;
  workspaceId: string;
  version: number;
  schemaVersion: string;
  name: string;
  createdAt: Date;
} & StoredFlowColumns;

const columns = `p.id, p."botId", b."workspaceId", p.version, p."schemaVersion", p.name, p."createdAt",
  ${storedFlowSql("p")}`;

/** A published version by id (immutable, so callers cache it). */
export async function readPublishedBot(pool: Pool, publishedBotId: string): Promise<PublishedBotRow | null> {
  const { rows } = await pool.query<PublishedBotRow>({
    name: "readPublishedBot",
    text: `SELECT ${columns} FROM "PublishedBot" p JOIN "Bot" b ON b.id = p."botId" WHERE p.id = $1`,
    values: [publishedBotId],
  });
  return rows[0] ?? null;
}

/** The id of the version a bot currently serves, if it is published and not archived. */
export async function readCurrentPublishedBotId(
  pool: Pool,
  botId: string,
): Promise<{ publishedBotId: string | null; workspaceId: string } | null> {
  const { rows } = await pool.query({
    name: "readCurrentPublishedBotId",
    text: `SELECT "publishedBotId", "workspaceId" FROM "Bot" WHERE id = $1 AND NOT "isArchived"`,
    values: [botId],
  });
  return rows[0] ?? null;
}
