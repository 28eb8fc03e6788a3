import { searchKnowledgeBase } from "@parley/integrations/knowledge/searchKnowledgeBase";
import { badRequest } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { knowledgeQueryResultSchema, knowledgeQuerySchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

/** Time allowed to the query's embeddings request. */
const QUERY_EMBEDDING_TIMEOUT_MS = 20_000;

export const queryKnowledgeBase = knowledgeBaseProcedure("read")
  .meta({
    openapi: {
      method: "POST",
      path: "/knowledgeBases/{knowledgeBaseId}/query",
      tags: ["Knowledge"],
      summary: "Search a knowledge base",
      description:
        "The `topK` passages (default 5, at most 50) that best answer `query`: PostgreSQL full-text search fused with vector similarity to the query's embedding (reciprocal rank fusion; `score` is the fused score, higher is better), each with its source and its headings (`location`). No model is asked besides the embeddings one. Only passages of finished indexings are searched. When the embeddings provider cannot be used or fails: BAD_REQUEST with issue code `EMBEDDINGS_FAILED` and its reason.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ knowledgeBaseId: idSchema, ...knowledgeQuerySchema.shape }))
  .output(z.object({ results: z.array(knowledgeQueryResultSchema) }))
  .mutation(async ({ ctx, input }) => {
    const knowledgeBase = await ctx.prisma.knowledgeBase.findUniqueOrThrow({
      where: { id: input.knowledgeBaseId },
      select: {
        id: true,
        workspaceId: true,
        credentialsId: true,
        embeddingModel: true,
        chunksVersion: true,
      },
    });
    const outcome = await searchKnowledgeBase(ctx.prisma, {
      knowledgeBase,
      query: input.query,
      topK: input.topK,
      call: { timeoutMs: QUERY_EMBEDDING_TIMEOUT_MS },
    });
    if (!outcome.ok) throw badRequest(outcome.error, "EMBEDDINGS_FAILED");
    return { results: outcome.results };
  });
