import type { Database } from "@parley/db";
import { recordActivity } from "@parley/db/queries/recordActivity";
import {
  type ActivityRecords,
  createActivityThrottle,
} from "@parley/platform/activity/createActivityThrottle";

/** This process's "last touched" check of editing activity (chat turns keep theirs in the chat runtime). */
const editing = createActivityThrottle();

/**
 * Editing activity (a write through the management API, tRPC or REST): moves the workspace's
 * `lastActivityAt`, at most once a minute; most writes issue no statement for it.
 */
export async function recordEditingActivity(db: Database, records: ActivityRecords): Promise<void> {
  const due = editing.take(records);
  if (due) await recordActivity(db, due);
}
