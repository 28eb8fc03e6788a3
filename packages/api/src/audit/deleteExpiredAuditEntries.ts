import type { Database } from "@parley/db";

const DAY_MS = 86_400_000;
/** Entries deleted per statement, so that a large backlog never holds one long transaction. */
const ENTRIES_PER_BATCH = 5000;
/** Batches per run at most: a larger backlog takes several runs. */
const MAX_BATCHES_PER_RUN = 100;

/**
 * Deletes the audit log entries created more than `retentionDays` days before `now` (AUDIT_LOG_RETENTION_DAYS),
 * in batches; resolves how many went and whether none is left.
 */
export async function deleteExpiredAuditEntries(
  prisma: Database,
  { retentionDays, now = new Date() }: { retentionDays: number; now?: Date },
): Promise<{ deleted: number; isComplete: boolean; cutoff: Date }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const count = await prisma.$executeRaw`
      DELETE FROM "AuditLogEntry" WHERE id IN (
        SELECT id FROM "AuditLogEntry" WHERE "createdAt" < ${cutoff} LIMIT ${ENTRIES_PER_BATCH})`;
    deleted += count;
    if (count < ENTRIES_PER_BATCH) return { deleted, isComplete: true, cutoff };
  }
  return { deleted, isComplete: false, cutoff };
}
