import { Prisma } from "@parley/db";
import { storedDefaultLanguageSql } from "@parley/db/storedFlow";
import { languageTagSchema } from "@parley/schemas";
import { textSchema } from "@parley/schemas/text";
import type { TimeRange } from "../analytics/getTimeRange";
import { queryBooleanSchema } from "../rest/querySchemas";

/** The filters of the results table, the results list and the CSV export, besides the range. */
export const resultsFilterShape = {
  isCompleted: queryBooleanSchema
    .optional()
    .describe("`true`: only results that reached the end of the flow; `false`: only the others."),
  answerContains: textSchema
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("Only results with an answer containing this text (case-insensitive)."),
  language: languageDescribed(languageTagSchema.optional()),
};

/** The `language` filter's description, the same on the results and on the analytics. */
export function languageDescribed<Schema extends { describe(description: string): Schema }>(schema: Schema) {
  return schema.describe(
    "Only chats in this language (BCP 47, e.g. `fr`) of a bot with several languages (docs/languages.md). The bot's default language also counts chats recorded without one (before the bot had languages).",
  );
}

export interface ResultsFilter {
  botId: string;
  range: TimeRange;
  isCompleted?: boolean;
  answerContains?: string;
  /** The visitor's language; the bot's default language also matches results without one. */
  language?: string;
  /** The published version (number) the chats started on. */
  version?: number;
  resultIds?: string[];
}

/** `%`, `_` and `\` of a search text, escaped for ILIKE. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The SQL condition on `"Result" r` of a filter: the bot's results that are not deleted, in
 * the range, completed or not, with an answer containing a text, among given ids.
 */
export function resultsFilterSql(filter: ResultsFilter): Prisma.Sql {
  const conditions = [Prisma.sql`r."botId" = ${filter.botId}`, Prisma.sql`NOT r."isArchived"`];
  if (filter.range.from) conditions.push(Prisma.sql`r."createdAt" >= ${filter.range.from}`);
  if (filter.range.to) conditions.push(Prisma.sql`r."createdAt" < ${filter.range.to}`);
  if (filter.isCompleted !== undefined) conditions.push(Prisma.sql`r."isCompleted" = ${filter.isCompleted}`);
  if (filter.answerContains !== undefined) {
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "Answer" a WHERE a."resultId" = r.id AND a.content ILIKE ${`%${escapeLike(filter.answerContains)}%`})`,
    );
  }
  if (filter.language !== undefined) {
    conditions.push(
      Prisma.sql`(r.language = ${filter.language} OR (r.language IS NULL AND ${filter.language} = (SELECT ${Prisma.raw(storedDefaultLanguageSql("b"))} FROM "Bot" b WHERE b.id = ${filter.botId})))`,
    );
  }
  if (filter.version !== undefined) {
    conditions.push(
      Prisma.sql`r."publishedBotId" = (SELECT p.id FROM "PublishedBot" p WHERE p."botId" = ${filter.botId} AND p.version = ${filter.version})`,
    );
  }
  if (filter.resultIds) conditions.push(Prisma.sql`r.id IN (${Prisma.join(filter.resultIds)})`);
  return Prisma.join(conditions, " AND ");
}
