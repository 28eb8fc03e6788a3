import { Prisma } from "@parley/db";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { conversationProcedure } from "../../access/procedures";
import { conversationClosed } from "./postConversationMessage";

/**
 * The builder's inbox (tRPC only, no REST path): an agent is typing a reply. The visitor's stream gets a
 * `typing` event (`{from: "agent"}`) through the session's event table and its NOTIFY, like a message.
 */
export const sendTypingIndicator = conversationProcedure("write")
  .input(z.strictObject({ conversationId: idSchema }))
  .output(z.object({ message: z.literal("success") }))
  .mutation(async ({ ctx, input }) => {
    const rows = await ctx.prisma.$queryRaw<{ notified: bigint }[]>(Prisma.sql`
      WITH c AS (SELECT "sessionId" FROM "Conversation" WHERE id = ${input.conversationId} AND status <> 'closed'),
      e AS (
        INSERT INTO "SessionEvent" ("sessionId", type, data)
        SELECT "sessionId", 'typing', '{"from":"agent"}'::jsonb FROM c RETURNING "sessionId"
      ),
      n AS (SELECT pg_notify('parley_session_events', "sessionId") FROM e)
      SELECT (SELECT count(*) FROM n) AS notified FROM e`);
    if (rows.length === 0) throw conversationClosed();
    return { message: "success" as const };
  });
