import { enqueueKnowledgeIndexing } from "@parley/integrations/knowledge/indexKnowledgeSource";
import { badRequest } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { knowledgeSourcePatchSchema, knowledgeSourceSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findKnowledgeSource } from "./findKnowledgeSource";
import { knowledgeSourceSelect, toKnowledgeSource } from "./toKnowledgeRecords";

export const updateKnowledgeSource = knowledgeBaseProcedure("write")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/knowledgeBases/{knowledgeBaseId}/sources/{sourceId}",
      tags: ["Knowledge"],
      summary: "Edit a source",
      description:
        "Renames it and/or (a text source only) replaces its text. New text makes its old passages unsearchable at once and indexes it again (`pending`, then `ready` or `failed`).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({ knowledgeBaseId: idSchema, sourceId: idSchema, source: knowledgeSourcePatchSchema }),
  )
  .output(z.object({ source: knowledgeSourceSchema }))
  .mutation(async ({ ctx, input }) => {
    const found = await findKnowledgeSource(ctx.prisma, input.knowledgeBaseId, input.sourceId);
    const { name, text } = input.source;
    if (text !== undefined && found.type !== "text")
      throw badRequest(
        `A ${found.type} source has no text to replace: refresh it to read it again`,
        "NOT_A_TEXT_SOURCE",
        ["source", "text"],
      );
    const row = await ctx.prisma.$transaction(async (tx) => {
      if (text !== undefined) {
        await tx.knowledgeChunk.deleteMany({ where: { sourceId: input.sourceId } });
        await tx.knowledgeLexeme.deleteMany({ where: { sourceId: input.sourceId } });
        await tx.knowledgeBase.update({
          where: { id: input.knowledgeBaseId },
          data: { chunksVersion: { increment: 1 } },
        });
      }
      return tx.knowledgeSource.update({
        where: { id: input.sourceId },
        data: {
          name,
          ...(text !== undefined
            ? { text, status: "pending", error: null, chunkCount: 0, revision: { increment: 1 } }
            : {}),
        },
        select: knowledgeSourceSelect,
      });
    });
    if (text !== undefined) await enqueueKnowledgeIndexing(input.sourceId);
    return { source: toKnowledgeSource(row) };
  });
