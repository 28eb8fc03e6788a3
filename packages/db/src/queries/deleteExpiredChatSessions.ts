import type { Pool } from "../pool";

/**
 * Deletes up to `batchSize` sessions whose expiry passed more than `graceMs`
 * ago (the grace lets a late client learn SESSION_EXPIRED rather than
 * SESSION_NOT_FOUND), and replay records and taken messaging message ids older than `recordTtlMs`. Several
 * processes may run it at once (SKIP LOCKED). Returns the rows deleted.
 */
export async function deleteExpiredChatSessions(
  pool: Pool,
  options: { batchSize: number; graceMs: number; recordTtlMs: number },
): Promise<{ sessions: number; records: number }> {
  const sessions = await pool.query({
    name: "deleteExpiredChatSessions",
    text: `DELETE FROM "ChatSession" WHERE id IN (
        SELECT id FROM "ChatSession" WHERE "expiresAt" < now() - make_interval(secs => $1::double precision / 1000)
        ORDER BY "expiresAt" LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    values: [options.graceMs, options.batchSize],
  });
  const records = await pool.query({
    name: "deleteOldChatTurnRecords",
    text: `DELETE FROM "ChatTurnRecord" WHERE ctid IN (
        SELECT ctid FROM "ChatTurnRecord" WHERE "createdAt" < now() - make_interval(secs => $1::double precision / 1000)
        LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    values: [options.recordTtlMs, options.batchSize],
  });
  const inboundMessages = await pool.query({
    name: "deleteOldMessagingInboundMessages",
    text: `DELETE FROM "MessagingInboundMessage" WHERE ctid IN (
        SELECT ctid FROM "MessagingInboundMessage" WHERE "createdAt" < now() - make_interval(secs => $1::double precision / 1000)
        LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    values: [options.recordTtlMs, options.batchSize],
  });
  return {
    sessions: sessions.rowCount ?? 0,
    records: (records.rowCount ?? 0) + (inboundMessages.rowCount ?? 0),
  };
}
