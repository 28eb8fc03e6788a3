import { botVersionSummarySchema } from "@parley/schemas/management/bots";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const versionSummarySelect = {
  id: true,
  version: true,
  name: true,
  createdAt: true,
  author: { select: { id: true, name: true, email: true } },
} as const;

export const listBotVersions = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/versions",
      tags: ["Publishing"],
      summary: "List published versions",
      description:
        "Every publish of the bot, newest first: its number, author and time. Versions are immutable; `isCurrent` marks the one chats start on (none after unpublishing).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ versions: z.array(botVersionSummarySchema) }))
  .query(async ({ ctx, input }) => {
    const [bot, versions] = await Promise.all([
      ctx.prisma.bot.findUniqueOrThrow({ where: { id: input.botId }, select: { publishedBotId: true } }),
      ctx.prisma.publishedBot.findMany({
        where: { botId: input.botId },
        orderBy: { version: "desc" },
        select: versionSummarySelect,
      }),
    ]);
    return {
      versions: versions.map((version) => ({
        ...version,
        createdAt: version.createdAt.toISOString(),
        isCurrent: version.id === bot.publishedBotId,
      })),
    };
  });
