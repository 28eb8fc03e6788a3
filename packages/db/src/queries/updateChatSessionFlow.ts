import type { Pool } from "../pool";

/**
 * updateBot: moves a session to another version (or, in preview, another
 * draft) with its migrated state, only if its turn counter is unchanged.
 */
export async function updateChatSessionFlow(
  pool: Pool,
  input: {
    sessionId: string;
    expectedTurn: number;
    publishedBotId: string | null;
    previewFlow: unknown;
    state: unknown;
  },
): Promise<boolean> {
  const { rowCount } = await pool.query({
    name: "updateChatSessionFlow",
    text: `UPDATE "ChatSession" SET "publishedBotId" = $3, "previewFlow" = $4::jsonb, state = $5::jsonb,
        turn = turn + 1, "updatedAt" = now()
      WHERE id = $1 AND turn = $2`,
    values: [
      input.sessionId,
      input.expectedTurn,
      input.publishedBotId,
      input.previewFlow === null ? null : JSON.stringify(input.previewFlow),
      JSON.stringify(input.state),
    ],
  });
  return rowCount === 1;
}
