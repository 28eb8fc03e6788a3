import { chatKeySchema } from "@parley/schemas/management/bots";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const getChatKey = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/chatKey",
      tags: ["Publishing"],
      summary: "Get the bot's chat key",
      description: "The `ck_…` key of the chat endpoints (public by design); null before the first publish.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ chatKey: chatKeySchema.nullable() }))
  .query(async ({ ctx, input }) => {
    const chatKey = await ctx.prisma.chatKey.findUnique({
      where: { botId: input.botId },
      select: { key: true, createdAt: true },
    });
    return { chatKey: chatKey && { key: chatKey.key, createdAt: chatKey.createdAt.toISOString() } };
  });
