import { Readable } from "node:stream";
import type { Database } from "@parley/db";
import { loadBotAccess } from "@parley/platform/access/loadAccess";
import { appendAuditEntry, readAuditClient } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { handleWebRequest, jsonResponse } from "@parley/platform/http/handleWebRequest";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { resolveTimeRange, timeRangeInputSchema } from "../analytics/timeRangeInput";
import {
  assertRawRouteWorkspace,
  authenticateRawRouteCaller,
  decodePathSegment,
  readQuery,
} from "../rest/rawRouteRequest";
import { resultIdsSchema } from "../routers/results/resultIdsSchema";
import { exportResultsCsv } from "./exportResultsCsv";
import { resultsFilterShape } from "./resultsFilter";

/** The path of the export under the REST mount. */
export const RESULTS_CSV_PATH = /^\/api\/v1\/bots\/([^/]+)\/results-csv$/;

/** At most this many results in the JSON form (`Accept: application/json`), which is built in memory. */
export const MAX_JSON_EXPORTED_RESULTS = 10_000;

/** The query of GET /bots/{botId}/results-csv (also read by its OpenAPI operation). */
export const resultsCsvQuerySchema = timeRangeInputSchema("allTime").extend({
  ...resultsFilterShape,
  resultIds: resultIdsSchema.optional().describe("Only these results (comma-separated ids, at most 1,000)."),
});

/**
 * GET {base_url}/api/v1/bots/{botId}/results-csv: the results as `text/csv`, streamed (any
 * number of results, memory of one page), with `Content-Disposition` and the count in
 * `X-Total-Count`; or `{filename, csv}` when the client asks for `application/json` (the
 * newest 10,000 at most). Checks in the order of every endpoint: credentials, access, fields.
 */
export function createResultsCsvHandler(getDatabase: () => Database) {
  return (request: Request, botIdSegment: string): Promise<Response> =>
    handleWebRequest(request, async (scope) => {
      if (request.method !== "GET") throw new AppError("NOT_FOUND");
      const prisma = getDatabase();
      const user = await authenticateRawRouteCaller(prisma, request, {
        sameOriginForCookie: false,
        operation: "GET /bots/{botId}/results-csv",
      });
      const botId = z.object({ botId: idSchema }).parse({ botId: decodePathSegment(botIdSegment) }).botId;
      const access = await loadBotAccess(prisma, user.id, botId, "read");
      assertRawRouteWorkspace(user, access);
      const input = resultsCsvQuerySchema.parse(readQuery(new URL(request.url)));
      const wantsJson = /\bapplication\/json\b/i.test(request.headers.get("accept") ?? "");
      const csvExport = await exportResultsCsv(
        prisma,
        {
          botId,
          range: resolveTimeRange(input, "allTime"),
          isCompleted: input.isCompleted,
          answerContains: input.answerContains,
          language: input.language,
          resultIds: input.resultIds,
        },
        wantsJson ? { limit: MAX_JSON_EXPORTED_RESULTS } : {},
      );
      // An export changes nothing: its entry is written once the export is ready to be read.
      await appendAuditEntry(
        prisma,
        { actor: { id: user.id, email: user.email }, ...readAuditClient(request) },
        { action: "results.exported", workspaceId: access.workspaceId, target: { type: "bot", id: botId } },
      );
      if (wantsJson) {
        let csv = "";
        for await (const chunk of csvExport.stream) csv += chunk;
        return jsonResponse({ filename: csvExport.filename, csv });
      }
      csvExport.stream.on("error", (error) => scope.logger.error({ err: error }, "results export failed"));
      return new Response(Readable.toWeb(csvExport.stream) as ReadableStream<Uint8Array>, {
        status: 200,
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${csvExport.filename}"`,
          "x-total-count": String(csvExport.total),
          "cache-control": "no-store",
        },
      });
    });
}
