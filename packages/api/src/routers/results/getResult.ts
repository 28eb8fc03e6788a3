import { idSchema } from "@parley/schemas/management/common";
import { resultSchema, transcriptEntrySchema } from "@parley/schemas/management/results";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { AppError } from "../../errors";
import { computeTranscript } from "../../results/computeTranscript";
import { resultSelect, toResult } from "../../results/toResult";
import { readWriteErrors } from "../errorLists";
import { loadResultFlow } from "./loadResultFlow";

export const getResult = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/results/{resultId}",
      tags: ["Results"],
      summary: "Get a result",
      description:
        "One result with its answers, variables and a transcript: the text bubbles shown before each input, then the answer.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ resultId: idSchema }))
  .output(z.object({ result: resultSchema.extend({ transcript: z.array(transcriptEntrySchema) }) }))
  .query(async ({ ctx, input }) => {
    const row = await ctx.prisma.result.findFirst({
      where: { id: input.resultId, botId: input.botId, isArchived: false },
      select: { ...resultSelect, publishedBotId: true },
    });
    if (!row) throw new AppError("NOT_FOUND");
    const result = toResult(row);
    const flow = await loadResultFlow(ctx.prisma, input.botId, row.publishedBotId);
    return { result: { ...result, transcript: computeTranscript(flow, result.answers) } };
  });
