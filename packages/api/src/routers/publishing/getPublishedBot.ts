import { AppError } from "@parley/platform/errors";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { publishedBotOutputSchema } from "../../bots/botOutputSchemas";
import { toPublishedBot } from "../../bots/toBot";
import { queryBooleanSchema } from "../../rest/querySchemas";
import { readWriteErrors } from "../errorLists";

export const getPublishedBot = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/publishedBot",
      tags: ["Publishing"],
      summary: "Get the published version",
      description:
        "The newest published version (the one chats start on); NOT_FOUND when the bot is not published. A version published at an older schema version (by an earlier release) is returned as stored, `version` naming its schema version; with `migrateToLatestVersion=true` it is returned converted to the latest version. Published versions are immutable: the conversion is never saved (running chats keep the version as published).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ migrateToLatestVersion: queryBooleanSchema.default(false) }))
  .output(publishedBotOutputSchema)
  .query(async ({ ctx, input }) => {
    const bot = await ctx.prisma.bot.findUniqueOrThrow({
      where: { id: input.botId },
      select: { publishedBot: true },
    });
    const published = bot.publishedBot;
    if (!published) throw new AppError("NOT_FOUND", [{ message: "The bot is not published" }]);
    return { publishedBot: toPublishedBot(published, { asStored: !input.migrateToLatestVersion }) };
  });
