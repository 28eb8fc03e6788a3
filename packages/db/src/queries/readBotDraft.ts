import type { Pool } from "../pool";
import { storedFlowSql } from "../storedFlow";
import type { BotDraftRow } from "./readBotForChat";

/** The draft of a bot of `workspaceId` (preview of a linked bot); null when absent or archived. */
export async function readBotDraft(
  pool: Pool,
  botId: string,
  workspaceId: string,
): Promise<BotDraftRow | null> {
  const { rows } = await pool.query<BotDraftRow>({
    name: "readBotDraft",
    text: `SELECT b.version, b.name, b."updatedAt", ${storedFlowSql("b")}
      FROM "Bot" b WHERE id = $1 AND "workspaceId" = $2 AND NOT "isArchived"`,
    values: [botId, workspaceId],
  });
  return rows[0] ?? null;
}
