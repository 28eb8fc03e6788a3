import type { Pool } from "../pool";

/**
 * Records that a channel's inbound message id was taken; false when it already was (the platform
 * delivered it again), so each message is answered once even across processes.
 */
export async function claimInboundMessage(
  pool: Pool,
  input: { credentialsId: string; messageId: string },
): Promise<boolean> {
  const { rowCount } = await pool.query({
    name: "claimInboundMessage",
    text: `INSERT INTO "MessagingInboundMessage" ("credentialsId", "messageId") VALUES ($1, $2)
      ON CONFLICT DO NOTHING`,
    values: [input.credentialsId, input.messageId],
  });
  return rowCount === 1;
}
