import type { Pool } from "@parley/db";
import { readChatTurnRecord } from "@parley/db/queries/readChatTurnRecord";
import { type IdempotencyKey, replayRecord } from "./idempotency";

/**
 * After losing a race (a concurrent duplicate committed first): the winner's
 * stored response, or null when the winner stored none (updateBot).
 */
export async function replayStoredRecord(
  pool: Pool,
  scope: string,
  key: string,
  idempotency: IdempotencyKey | null,
): Promise<Response | null> {
  const record = await readChatTurnRecord(pool, scope, key);
  return record ? replayRecord(record, idempotency) : null;
}
