import { resultSelect, toResult } from "@parley/schemas/management/toResult";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { loadDraftFlow } from "../../bots/loadDraftFlow";
import { buildResultsCsv } from "../../results/buildResultsCsv";
import { readWriteErrors } from "../errorLists";
import { resultIdsSchema } from "./resultIdsSchema";

const MAX_EXPORTED_RESULTS = 10_000;

export const exportResults = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/results-csv",
      tags: ["Results"],
      summary: "Export results as CSV",
      description:
        "The given results (`resultIds`, comma-separated) or the newest 10,000, as CSV text: one column per input of the current flow, then the other variables. Cells that start like a spreadsheet formula are prefixed with `'`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ resultIds: resultIdsSchema.optional() }))
  .output(z.object({ filename: z.string(), csv: z.string() }))
  .query(async ({ ctx, input }) => {
    const [{ name, flow }, rows] = await Promise.all([
      loadDraftFlow(ctx.prisma, input.botId),
      ctx.prisma.result.findMany({
        where: {
          botId: input.botId,
          isArchived: false,
          ...(input.resultIds ? { id: { in: input.resultIds } } : {}),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: MAX_EXPORTED_RESULTS,
        select: resultSelect,
      }),
    ]);
    const slug =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || "bot";
    return {
      filename: `${slug}-results-${new Date().toISOString().slice(0, 10)}.csv`,
      csv: buildResultsCsv(flow, rows.map(toResult)),
    };
  });
