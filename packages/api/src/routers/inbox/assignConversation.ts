import { type Database, Prisma } from "@parley/db";
import { conversationWebhookEventSql } from "@parley/db/queries/conversationWebhookEvents";
import { AppError } from "@parley/platform/errors";
import { canAccess } from "@parley/schemas/management/access";
import { idSchema } from "@parley/schemas/management/common";
import { conversationSchema } from "@parley/schemas/management/inbox";
import { z } from "zod";
import { conversationProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { conversationClosed } from "./postConversationMessage";
import { conversationSelect, toConversation } from "./toConversation";

export const assignConversation = conversationProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/conversations/{conversationId}/assign",
      tags: ["Inbox"],
      summary: "Take, assign or unassign a conversation",
      description:
        "`userId` null unassigns. One held by another member: BAD_REQUEST `ALREADY_ASSIGNED`, unless an ADMIN sends `force: true`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({ conversationId: idSchema, userId: idSchema.nullable(), force: z.boolean().optional() }),
  )
  .output(z.object({ conversation: conversationSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId, role } = ctx.access;
    if (input.userId !== null) {
      const member = await ctx.prisma.memberInWorkspace.findUnique({
        where: { userId_workspaceId: { userId: input.userId, workspaceId } },
        select: { role: true },
      });
      if (!member || !canAccess(member.role, "write"))
        throw new AppError("BAD_REQUEST", [
          { message: "Not a member who can reply in this workspace", path: ["userId"], code: "NOT_AN_AGENT" },
        ]);
    }
    const isForced = input.force === true && canAccess(role, "admin");
    const updated = await assignIfFree(ctx.prisma, {
      conversationId: input.conversationId,
      callerId: ctx.user.id,
      userId: input.userId,
      isForced,
    });
    if (updated) {
      const row = await ctx.prisma.conversation.findUniqueOrThrow({
        where: { id: input.conversationId },
        select: conversationSelect,
      });
      return { conversation: toConversation(row) };
    }
    const current = await ctx.prisma.conversation.findUniqueOrThrow({
      where: { id: input.conversationId },
      select: { status: true },
    });
    if (current.status === "closed") throw conversationClosed();
    throw new AppError("BAD_REQUEST", [
      { message: "Another member holds this conversation", code: "ALREADY_ASSIGNED" },
    ]);
  });

/**
 * One conditional UPDATE, so of two simultaneous takes exactly one wins: the conversation changes hands
 * only while it is not closed and is free, held by the caller or the target already, or forced. Records the
 * `conversation.assigned` webhook event (`conversation.waiting` when unassigned: it is back in the queue).
 */
async function assignIfFree(
  prisma: Database,
  change: { conversationId: string; callerId: string; userId: string | null; isForced: boolean },
): Promise<boolean> {
  const event = change.userId === null ? "conversation.waiting" : "conversation.assigned";
  const rows = await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
    WITH c AS (
      UPDATE "Conversation" SET "assigneeId" = ${change.userId},
        status = CASE WHEN ${change.userId}::text IS NULL THEN 'waiting' ELSE 'open' END,
        "assignedAt" = CASE WHEN ${change.userId}::text IS NULL THEN NULL ELSE now() END,
        "firstAssignedAt" = CASE WHEN ${change.userId}::text IS NULL THEN "firstAssignedAt"
          ELSE COALESCE("firstAssignedAt", now()) END,
        "updatedAt" = now()
      WHERE id = ${change.conversationId} AND status <> 'closed'
        AND ("assigneeId" IS NULL OR "assigneeId" = ${change.callerId} OR "assigneeId" = ${change.userId}
          OR ${change.isForced})
      RETURNING *
    ),
    w AS (${Prisma.raw(conversationWebhookEventSql({ event, conversations: "c" }))})
    SELECT id FROM c`);
  return rows.length === 1;
}
