import { isStoredAtOlderVersion, toLatestStoredFlow, toStoredFlowColumns } from "@parley/db/storedFlow";
import { latestBotVersion } from "@parley/schemas";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";
import { botOutputSchema } from "../../bots/botOutputSchemas";
import { toBot } from "../../bots/toBot";
import { queryBooleanSchema } from "../../rest/querySchemas";
import { readWriteErrors } from "../errorLists";

export const getBot = botRowProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}",
      tags: ["Bots"],
      summary: "Get a bot",
      description:
        "The draft of a bot. With `migrateToLatestVersion=true`, a draft stored at an older schema version is converted to the latest one and saved so; the response always carries the latest version.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ migrateToLatestVersion: queryBooleanSchema.default(false) }))
  .output(botOutputSchema)
  .query(async ({ ctx, input }) => {
    const row = ctx.bot;
    if (!input.migrateToLatestVersion || !isStoredAtOlderVersion(row.version)) return { bot: toBot(row) };
    const saved = await ctx.prisma.bot.update({
      where: { id: row.id },
      data: { version: latestBotVersion, ...toStoredFlowColumns(toLatestStoredFlow(row.version, row)) },
    });
    return { bot: toBot(saved) };
  });
