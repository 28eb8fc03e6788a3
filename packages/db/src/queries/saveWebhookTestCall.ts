import type { Pool } from "../pool";

/** How long a Webhook block's last test call is kept (the editor shows it to pick mapping paths). */
export const WEBHOOK_TEST_CALL_TTL_MS = 10 * 60_000;

/** Stores the block's last test call in place of the previous one; calls older than the TTL go. */
export async function saveWebhookTestCall(
  pool: Pool,
  input: { botId: string; blockId: string; body: unknown; receivedAt: Date },
): Promise<void> {
  await pool.query({
    name: "saveWebhookTestCall",
    text: `WITH expired AS (DELETE FROM "WebhookTestCall" WHERE "receivedAt" < $4::timestamptz - $5 * interval '1 millisecond')
      INSERT INTO "WebhookTestCall" ("botId", "blockId", body, "receivedAt") VALUES ($1, $2, $3::jsonb, $4)
      ON CONFLICT ("botId", "blockId") DO UPDATE SET body = EXCLUDED.body, "receivedAt" = EXCLUDED."receivedAt"`,
    values: [
      input.botId,
      input.blockId,
      JSON.stringify(input.body),
      input.receivedAt,
      WEBHOOK_TEST_CALL_TTL_MS,
    ],
  });
}
