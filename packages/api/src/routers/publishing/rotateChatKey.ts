import { createId } from "@parley/db";
import { generateChatKey } from "@parley/platform/auth/chatKeys";
import { chatKeySchema } from "@parley/schemas/management/bots";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const rotateChatKey = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/chatKey/rotate",
      tags: ["Publishing"],
      summary: "Rotate the bot's chat key",
      description:
        "Replaces the chat key (creates one if the bot has none): the old key stops working at once, so embed code must be updated.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ chatKey: chatKeySchema }))
  .mutation(async ({ ctx, input }) => {
    const key = generateChatKey();
    const chatKey = await ctx.prisma.chatKey.upsert({
      where: { botId: input.botId },
      create: { id: createId(), botId: input.botId, key },
      update: { key, createdAt: new Date() },
      select: { key: true, createdAt: true },
    });
    return { chatKey: { key: chatKey.key, createdAt: chatKey.createdAt.toISOString() } };
  });
