import { idSchema } from "@parley/schemas/management/common";
import { conversationSchema, conversationStatusSchema } from "@parley/schemas/management/inbox";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { decodeResultsCursor, encodeResultsCursor } from "../../results/resultsCursor";
import { readWriteErrors } from "../errorLists";
import { conversationSelect, toConversation } from "./toConversation";

export const listConversations = workspaceProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces/{workspaceId}/conversations",
      tags: ["Inbox"],
      summary: "List inbox conversations",
      description:
        "Newest first; `assignee` is `me` or a user id; `botId` keeps one bot's conversations; `nextCursor` pages on.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.object({
      status: conversationStatusSchema.optional(),
      assignee: z.union([z.literal("me"), idSchema]).optional(),
      botId: idSchema.optional(),
      limit: z.number().int().min(1).max(100).default(50),
      cursor: textSchema.max(200).optional(),
    }),
  )
  .output(z.object({ conversations: z.array(conversationSchema), nextCursor: textSchema.nullable() }))
  .query(async ({ ctx, input }) => {
    const cursor = input.cursor ? decodeResultsCursor(input.cursor) : undefined;
    const assigneeId = input.assignee === "me" ? ctx.user.id : input.assignee;
    const rows = await ctx.prisma.conversation.findMany({
      where: {
        workspaceId: ctx.access.workspaceId,
        ...(input.status ? { status: input.status } : {}),
        ...(assigneeId ? { assigneeId } : {}),
        ...(input.botId ? { botId: input.botId } : {}),
        ...(cursor
          ? {
              OR: [
                { createdAt: { lt: cursor.createdAt } },
                { createdAt: cursor.createdAt, id: { lt: cursor.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: input.limit + 1,
      select: conversationSelect,
    });
    const page = rows.slice(0, input.limit);
    const last = page[page.length - 1];
    return {
      conversations: page.map(toConversation),
      nextCursor: rows.length > input.limit && last ? encodeResultsCursor(last) : null,
    };
  });
