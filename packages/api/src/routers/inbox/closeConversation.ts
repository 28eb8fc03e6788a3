import { closeHandoffConversation } from "@parley/chat/handoff/closeHandoffConversation";
import { logger } from "@parley/platform/logger";
import { idSchema } from "@parley/schemas/management/common";
import { closeConversationInputSchema, conversationSchema } from "@parley/schemas/management/inbox";
import { z } from "zod";
import { conversationProcedure } from "../../access/procedures";
import { getBuilderChatRuntime } from "../../builderChatRuntime";
import { readWriteErrors } from "../errorLists";
import { conversationClosed } from "./postConversationMessage";
import { conversationSelect, toConversation } from "./toConversation";

export const closeConversation = conversationProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/conversations/{conversationId}/close",
      tags: ["Inbox"],
      summary: "Close a conversation",
      description:
        "`resume: true` hands the chat back to the bot on the handoff block's exit (resolution and `variables` set); false ends it.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ conversationId: idSchema, ...closeConversationInputSchema.shape }))
  .output(z.object({ conversation: conversationSchema }))
  .mutation(async ({ ctx, input }) => {
    const closed = await closeHandoffConversation(
      getBuilderChatRuntime(),
      {
        conversationId: input.conversationId,
        workspaceId: ctx.access.workspaceId,
        resolution: input.resolution?.trim() || null,
        resume: input.resume,
        variables: input.variables,
      },
      logger,
    );
    if (closed.status === "notOpen") throw conversationClosed();
    const row = await ctx.prisma.conversation.findUniqueOrThrow({
      where: { id: input.conversationId },
      select: conversationSelect,
    });
    return { conversation: toConversation(row) };
  });
