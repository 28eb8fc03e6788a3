import { Readable } from "node:stream";
import type { Database } from "@parley/db";
import type { ResultsTablePreferences } from "@parley/schemas";
import {
  applyColumnPreferences,
  getCellValue,
  getResultColumnsOf,
} from "@parley/schemas/management/getResultColumns";
import type { Result } from "@parley/schemas/management/results";
import { stringify } from "csv-stringify";
import { draftFlowSelect, toDraftFlow } from "../bots/loadDraftFlow";
import { findResultsPage } from "./findResultsPage";
import type { ResultsCursor } from "./resultsCursor";
import { type ResultsFilter, resultsFilterSql } from "./resultsFilter";

/** Results read per statement while exporting: memory holds one page, whatever the total. */
const EXPORT_PAGE_SIZE = 500;

export interface ResultsCsvExport {
  filename: string;
  /** How many results the export holds, counted before the first row (for a progress bar). */
  total: number;
  /** The CSV, produced page by page as it is read. */
  stream: Readable;
}

/**
 * The names of the variables that have a value in the filter's results, in the order they
 * first appear newest result first (as the table finds them page by page), computed in SQL.
 */
async function findValuedVariableNames(prisma: Database, filter: ResultsFilter): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    WITH v AS (
      SELECT r."createdAt", r.id, e.ord, COALESCE(e.item->>'name', e.item->>'id') AS name, e.item->'value' AS value
      FROM "Result" r
      CROSS JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(r.variables) = 'array' THEN r.variables ELSE '[]'::jsonb END
      ) WITH ORDINALITY AS e(item, ord)
      WHERE ${resultsFilterSql(filter)}
      UNION ALL
      SELECT r."createdAt", r.id, o.ord, o.key AS name, o.value
      FROM "Result" r
      CROSS JOIN LATERAL jsonb_each(
        CASE WHEN jsonb_typeof(r.variables) = 'object' THEN r.variables ELSE '{}'::jsonb END
      ) WITH ORDINALITY AS o(key, value, ord)
      WHERE ${resultsFilterSql(filter)}
    ),
    firsts AS (
      SELECT DISTINCT ON (name) name, "createdAt", id, ord FROM v
      WHERE name IS NOT NULL AND value IS NOT NULL AND jsonb_typeof(value) <> 'null'
      ORDER BY name, "createdAt" DESC, id DESC, ord
    )
    SELECT name FROM firsts ORDER BY "createdAt" DESC, id DESC, ord`;
  return rows.map((row) => row.name);
}

function toFilename(botName: string, now: Date): string {
  const slug =
    botName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "bot";
  return `${slug}-results-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A filter's results as CSV: "Submitted at", "Language" for a bot with several languages, then the columns the results table shows (its
 * saved order and visibility), newest first, at most `limit` results. The rows are read in
 * keyset pages as the consumer pulls them (back-pressure: a slow client slows the reads) and
 * written by csv-stringify, which also prefixes cells that start like a spreadsheet formula.
 */
export async function exportResultsCsv(
  prisma: Database,
  filter: ResultsFilter,
  { limit }: { limit?: number } = {},
): Promise<ResultsCsvExport> {
  const [bot, variableNames, [count]] = await Promise.all([
    prisma.bot.findUniqueOrThrow({
      where: { id: filter.botId },
      select: { ...draftFlowSelect, resultsTablePreferences: true },
    }),
    findValuedVariableNames(prisma, filter),
    prisma.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM "Result" r WHERE ${resultsFilterSql(filter)}`,
  ]);
  const { name, flow } = toDraftFlow(filter.botId, bot);
  const columns = applyColumnPreferences(
    getResultColumnsOf(flow, variableNames),
    bot.resultsTablePreferences as ResultsTablePreferences | null,
  );
  const total = Math.min(count?.total ?? 0, limit ?? Number.POSITIVE_INFINITY);
  // A bot with several languages gets the visitor's language beside the time (docs/languages.md).
  const hasLanguages = flow.settings.languages !== undefined;
  const leading = (result: Result) => [result.createdAt, ...(hasLanguages ? [result.language ?? ""] : [])];

  async function* records() {
    yield ["Submitted at", ...(hasLanguages ? ["Language"] : []), ...columns.map((column) => column.header)];
    let cursor: ResultsCursor | undefined;
    let remaining = limit ?? Number.POSITIVE_INFINITY;
    while (remaining > 0) {
      const page = await findResultsPage(prisma, filter, {
        cursor,
        limit: Math.min(EXPORT_PAGE_SIZE, remaining),
      });
      for (const result of page.results) {
        yield [...leading(result), ...columns.map((column) => getCellValue(column, result))];
      }
      if (!page.last || page.results.length === 0) return;
      remaining -= page.results.length;
      cursor = page.last;
    }
  }

  const csv = stringify({ record_delimiter: "windows", escape_formulas: true });
  const source = Readable.from(records());
  source.on("error", (error) => csv.destroy(error));
  csv.on("close", () => source.destroy());
  return { filename: toFilename(name, new Date()), total, stream: source.pipe(csv) };
}
