import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { conversationMessageSchema } from "@parley/schemas/management/inbox";
import { resultSchema, transcriptEntrySchema } from "@parley/schemas/management/results";
import { resultSelect, toResult } from "@parley/schemas/management/toResult";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { computeTranscript } from "../../results/computeTranscript";
import { readAgentAnswers } from "../../results/readAgentAnswers";
import { readWriteErrors } from "../errorLists";
import { conversationMessageSelect, toConversationMessage } from "../inbox/toConversation";
import { loadResultFlow } from "./loadResultFlow";

export const getResult = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/results/{resultId}",
      tags: ["Results"],
      summary: "Get a result",
      description:
        'One result with its answers, variables and a transcript (the conversation replayed over the bot version it ran on, `{{variables}}` filled in). `inboxMessages`: what was said during a handoff to the inbox, oldest first, without internal notes. Details: docs/api.md, "Results".',
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ resultId: idSchema }))
  .output(
    z.object({
      result: resultSchema
        .extend({
          transcript: z.array(transcriptEntrySchema),
          inboxMessages: z.array(conversationMessageSchema),
        })
        .meta({ id: "ResultWithTranscript" }),
    }),
  )
  .query(async ({ ctx, input }) => {
    const row = await ctx.prisma.result.findFirst({
      where: { id: input.resultId, botId: input.botId, isArchived: false },
      select: {
        ...resultSelect,
        publishedBotId: true,
        visitedEdges: { orderBy: { index: "asc" }, select: { edgeId: true } },
      },
    });
    if (!row) throw new AppError("NOT_FOUND");
    const result = toResult(row);
    const flow = await loadResultFlow(ctx.prisma, input.botId, row.publishedBotId);
    const transcript = await computeTranscript(flow, {
      answers: result.answers,
      visitedEdgeIds: row.visitedEdges.map((edge) => edge.edgeId),
      variables: result.variables,
      agentAnswers: await readAgentAnswers(ctx.prisma, input.resultId),
      isInHandoff:
        (await ctx.prisma.conversation.count({
          where: { resultId: input.resultId, botId: input.botId, status: { not: "closed" } },
        })) > 0,
    });
    const inboxMessages = await ctx.prisma.conversationMessage.findMany({
      where: { isInternal: false, conversation: { resultId: input.resultId, botId: input.botId } },
      select: conversationMessageSelect,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return { result: { ...result, transcript, inboxMessages: inboxMessages.map(toConversationMessage) } };
  });
