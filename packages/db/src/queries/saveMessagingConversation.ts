import type { Pool } from "../pool";

/** Points a channel sender's conversation at the session their next messages continue. */
export async function saveMessagingConversation(
  pool: Pool,
  input: { credentialsId: string; sender: string; sessionId: string },
): Promise<void> {
  await pool.query({
    name: "saveMessagingConversation",
    text: `INSERT INTO "MessagingConversation" ("credentialsId", sender, "sessionId", "updatedAt")
      VALUES ($1, $2, $3, now())
      ON CONFLICT ("credentialsId", sender) DO UPDATE SET "sessionId" = $3, "updatedAt" = now()`,
    values: [input.credentialsId, input.sender, input.sessionId],
  });
}
