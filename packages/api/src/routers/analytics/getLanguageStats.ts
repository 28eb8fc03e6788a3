import { Prisma } from "@parley/db";
import { storedDefaultLanguageSql } from "@parley/db/storedFlow";
import { languageStatsSchema } from "@parley/schemas/management/analytics";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { resolveTimeRange, timeRangeInputSchema } from "../../analytics/timeRangeInput";
import { resultsFilterSql } from "../../results/resultsFilter";
import { readWriteErrors } from "../errorLists";

export const getLanguageStats = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/analytics/languages",
      tags: ["Analytics"],
      summary: "Get a bot's statistics per language",
      description:
        "The stats (`totalViews`, `totalStarts`, `totalCompleted`) of each visitor language of the range (`timeFilter`, default `last7Days`, or `from`/`to`; `timeZone`), most viewed first. Chats recorded without a language (before the bot had languages) count for its `defaultLanguage`; a bot without languages has one row, `language: null`. The drop-off per input of one language: `GET …/analytics/flow?language=`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(timeRangeInputSchema("last7Days"))
  .output(
    z.object({
      defaultLanguage: textSchema
        .nullable()
        .describe("The bot's default language; null: the bot has no languages"),
      languages: z.array(languageStatsSchema),
    }),
  )
  .query(async ({ ctx, input }) => {
    const range = resolveTimeRange(input, "last7Days");
    const [bot] = await ctx.prisma.$queryRaw<{ defaultLanguage: string | null }[]>`
      SELECT ${Prisma.raw(storedDefaultLanguageSql("b"))} AS "defaultLanguage" FROM "Bot" b WHERE b.id = ${input.botId}`;
    const defaultLanguage = bot?.defaultLanguage ?? null;
    const languages = await ctx.prisma.$queryRaw<z.infer<typeof languageStatsSchema>[]>`
      SELECT coalesce(r.language, ${defaultLanguage}::text) AS language,
             count(*)::int AS "totalViews",
             count(*) FILTER (WHERE "hasStarted")::int AS "totalStarts",
             count(*) FILTER (WHERE "isCompleted")::int AS "totalCompleted"
      FROM "Result" r
      WHERE ${resultsFilterSql({ botId: input.botId, range })}
      GROUP BY 1
      ORDER BY "totalViews" DESC, language NULLS LAST`;
    return { defaultLanguage, languages };
  });
