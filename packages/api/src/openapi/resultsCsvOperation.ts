import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { MAX_JSON_EXPORTED_RESULTS, resultsCsvQuerySchema } from "../results/handleResultsCsvRequest";
import { rawRouteErrorResponses } from "./rawRouteErrorResponses";

/**
 * GET /bots/{botId}/results-csv, served by its own streaming handler (not a procedure), so its
 * operation is written here from the schema that handler parses its query with.
 */
export function getResultsCsvOpenApiPaths(): ZodOpenApiPathsObject {
  return {
    "/bots/{botId}/results-csv": {
      get: {
        operationId: "results-exportResults",
        summary: "Export results as CSV",
        description: `The results of the range and filters (or \`resultIds\`), newest first: "Submitted at", then the results table's columns as the authors saved them (\`resultsTablePreferences\`). Cells that start like a formula are prefixed with \`'\`. Streamed as \`text/csv\` for any number of results (\`X-Total-Count\`); with \`Accept: application/json\`, \`{filename, csv}\` of the newest ${MAX_JSON_EXPORTED_RESULTS.toLocaleString("en-US")} at most.`,
        tags: ["Results"],
        security: [{ bearerAuth: [] }],
        requestParams: {
          path: z.object({ botId: textSchema.meta({ description: "The bot's id" }) }),
          query: resultsCsvQuerySchema,
        },
        responses: {
          "200": {
            description: "The CSV (or, with `Accept: application/json`, `{filename, csv}`)",
            headers: z.object({
              "content-disposition": textSchema.meta({
                description: 'attachment; filename="<bot>-results-<date>.csv"',
              }),
              "x-total-count": textSchema.meta({ description: "How many results the CSV holds" }),
            }),
            content: {
              "text/csv": { schema: textSchema },
              "application/json": { schema: z.object({ filename: textSchema, csv: textSchema }) },
            },
          },
          ...rawRouteErrorResponses,
        },
      },
    },
  };
}
