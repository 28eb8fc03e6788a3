import { enqueueKnowledgeIndexing } from "@parley/integrations/knowledge/indexKnowledgeSource";
import { idSchema } from "@parley/schemas/management/common";
import { knowledgeBasePatchSchema, knowledgeBaseSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { assertEmbeddingCredentials } from "./assertEmbeddingCredentials";
import { toKnowledgeBase } from "./toKnowledgeRecords";

export const updateKnowledgeBase = knowledgeBaseProcedure("write")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/knowledgeBases/{knowledgeBaseId}",
      tags: ["Knowledge"],
      summary: "Update a knowledge base",
      description:
        "Renames it, or changes its credentials or embeddings model; fields left out stay. Credentials are checked as at creation (`CREDENTIALS_NOT_FOUND`). A new `embeddingModel` makes every passage unsearchable at once and indexes every source again (vectors of two models cannot be compared); new credentials alone keep the passages.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ knowledgeBaseId: idSchema, knowledgeBase: knowledgeBasePatchSchema }))
  .output(z.object({ knowledgeBase: knowledgeBaseSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const { name, credentialsId, embeddingModel } = input.knowledgeBase;
    if (credentialsId)
      await assertEmbeddingCredentials(ctx.prisma, {
        workspaceId,
        credentialsId,
        path: ["knowledgeBase", "credentialsId"],
      });
    const { row, reindexed } = await ctx.prisma.$transaction(async (tx) => {
      const before = await tx.knowledgeBase.findUniqueOrThrow({
        where: { id: input.knowledgeBaseId },
        select: { embeddingModel: true },
      });
      const isNewModel = embeddingModel !== undefined && embeddingModel !== before.embeddingModel;
      let reindexed: string[] = [];
      if (isNewModel) {
        await tx.knowledgeChunk.deleteMany({ where: { knowledgeBaseId: input.knowledgeBaseId } });
        await tx.knowledgeLexeme.deleteMany({ where: { knowledgeBaseId: input.knowledgeBaseId } });
        await tx.knowledgeSource.updateMany({
          where: { knowledgeBaseId: input.knowledgeBaseId },
          data: { status: "pending", error: null, chunkCount: 0, revision: { increment: 1 } },
        });
        const sources = await tx.knowledgeSource.findMany({
          where: { knowledgeBaseId: input.knowledgeBaseId },
          select: { id: true },
        });
        reindexed = sources.map((source) => source.id);
      }
      const row = await tx.knowledgeBase.update({
        where: { id: input.knowledgeBaseId },
        data: {
          name,
          credentialsId,
          embeddingModel,
          ...(isNewModel ? { chunksVersion: { increment: 1 } } : {}),
        },
      });
      return { row, reindexed };
    });
    for (const sourceId of reindexed) await enqueueKnowledgeIndexing(sourceId);
    return { knowledgeBase: toKnowledgeBase(row) };
  });
