import { AppError } from "@parley/platform/errors";
import { publishedBotSchema } from "@parley/schemas";
import { botVersionSummarySchema, versionNumberSchema } from "@parley/schemas/management/bots";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { toPublishedBot } from "../../bots/toBot";
import { readWriteErrors } from "../errorLists";

export const getBotVersion = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/versions/{version}",
      tags: ["Publishing"],
      summary: "Get a published version",
      description: "One version of the history with its flow, in the shape of `publishedBot`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ version: versionNumberSchema }))
  .output(z.object({ version: botVersionSummarySchema, publishedBot: publishedBotSchema }))
  .query(async ({ ctx, input }) => {
    const [bot, published] = await Promise.all([
      ctx.prisma.bot.findUniqueOrThrow({ where: { id: input.botId }, select: { publishedBotId: true } }),
      ctx.prisma.publishedBot.findUnique({
        where: { botId_version: { botId: input.botId, version: input.version } },
        include: { author: { select: { id: true, name: true, email: true } } },
      }),
    ]);
    if (!published) throw new AppError("NOT_FOUND", [{ message: "No such version", path: ["version"] }]);
    return {
      version: {
        id: published.id,
        version: published.version,
        name: published.name,
        createdAt: published.createdAt.toISOString(),
        author: published.author,
        isCurrent: published.id === bot.publishedBotId,
      },
      publishedBot: toPublishedBot(published),
    };
  });
