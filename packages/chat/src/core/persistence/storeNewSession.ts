import type { Pool } from "@parley/db";
import { type ChatSessionCreation, createChatSession } from "@parley/db/queries/createChatSession";
import { startRecordScope } from "@parley/db/queries/readBotForChat";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import type { IdempotencyKey } from "../http/idempotency";
import { replayStoredRecord } from "../http/replayStoredRecord";

/**
 * Writes a new session with its first turn (one statement) and answers with
 * `response`. With an Idempotency-Key the key's record guards the write: a
 * concurrent request with the same key that stored first is replayed instead.
 */
export async function storeNewSession(
  pool: Pool,
  creation: Omit<ChatSessionCreation, "guardRecord" | "records">,
  response: unknown,
  idempotency: IdempotencyKey | null,
): Promise<Response> {
  const scope = startRecordScope(creation.botId);
  const isCreated = await createChatSession(pool, {
    ...creation,
    guardRecord: idempotency
      ? { scope, key: idempotency.recordKey, statusCode: 200, response, requestHash: idempotency.requestHash }
      : null,
    records: [],
  });
  if (isCreated) return jsonResponse(response);
  const replay = idempotency
    ? await replayStoredRecord(pool, scope, idempotency.recordKey, idempotency)
    : null;
  if (!replay) throw new Error("the chat session was neither created nor recorded");
  return replay;
}
