import type { DueActivity } from "@parley/db/queries/recordActivity";

/** `lastActivityAt` of a workspace or published bot moves at most this often. */
const ACTIVITY_INTERVAL_MS = 60_000;

/** The records an activity concerns (chat turn or edit); absent ones are not touched. */
export interface ActivityRecords {
  workspaceId: string;
  publishedBotId?: string | null;
}

const sweepAbove = 10_000;

/**
 * An in-memory "last touched" check, so that most chat turns and edits write no activity at all:
 * `take` names the records this process has not touched for a minute and marks them touched now.
 * The write itself keeps the same rule across processes (it only moves a `lastActivityAt` older than
 * a minute), so several processes add at most one write each per record and minute.
 */
export function createActivityThrottle(now: () => number = Date.now) {
  const touchedAt = new Map<string, number>();
  let lastSweepAt = Number.NEGATIVE_INFINITY;
  const isDue = (key: string, at: number) => {
    const last = touchedAt.get(key);
    if (last !== undefined && at - last < ACTIVITY_INTERVAL_MS) return false;
    touchedAt.set(key, at);
    return true;
  };
  return {
    take(records: ActivityRecords): DueActivity | null {
      const at = now();
      // Dropping stale entries changes no answer (isDue treats them as due); it only bounds memory,
      // so one sweep per interval is enough even when every entry is fresh.
      if (touchedAt.size > sweepAbove && at - lastSweepAt >= ACTIVITY_INTERVAL_MS) {
        lastSweepAt = at;
        for (const [key, last] of touchedAt) if (at - last >= ACTIVITY_INTERVAL_MS) touchedAt.delete(key);
      }
      const due: DueActivity = {
        workspaceId: isDue(`w:${records.workspaceId}`, at) ? records.workspaceId : null,
        publishedBotId:
          records.publishedBotId && isDue(`p:${records.publishedBotId}`, at) ? records.publishedBotId : null,
      };
      return due.workspaceId || due.publishedBotId ? due : null;
    },
  };
}
export type ActivityThrottle = ReturnType<typeof createActivityThrottle>;
