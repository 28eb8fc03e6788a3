import type { Pool } from "../pool";

/**
 * Deletes up to `batchSize` sessions whose expiry passed more than `graceMs`
 * ago (the grace lets a late client learn SESSION_EXPIRED rather than
 * SESSION_NOT_FOUND), replay records and taken messaging message ids older than `recordTtlMs` (and stream
 * events as old whose session is gone), and the
 * messaging send paces of keys with no send still due (one row per number and user would pile up). Several
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
  // A session's stream events, once older than the records and their session is gone (a handoff may last longer).
  const sessionEvents = await pool.query({
    name: "deleteOldSessionEvents",
    text: `DELETE FROM "SessionEvent" WHERE id IN (
        SELECT e.id FROM "SessionEvent" e WHERE e."createdAt" < now() - make_interval(secs => $1::double precision / 1000)
          AND NOT EXISTS (SELECT 1 FROM "ChatSession" s WHERE s.id = e."sessionId")
        LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    values: [options.recordTtlMs, options.batchSize],
  });
  // A send pace whose next send is due already paces as a missing row does (reserveSendSlots starts it from now).
  const idlePaces = await pool.query({
    name: "deleteIdleChannelSendPaces",
    text: `DELETE FROM "ChannelSendPace" WHERE key IN (
        SELECT key FROM "ChannelSendPace" WHERE "dueAt" < now() LIMIT $1 FOR UPDATE SKIP LOCKED)`,
    values: [options.batchSize],
  });
  return {
    sessions: sessions.rowCount ?? 0,
    records:
      (records.rowCount ?? 0) +
      (inboundMessages.rowCount ?? 0) +
      (sessionEvents.rowCount ?? 0) +
      (idlePaces.rowCount ?? 0),
  };
}
