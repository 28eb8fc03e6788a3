import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findKnowledgeSource } from "./findKnowledgeSource";

export const deleteKnowledgeSource = knowledgeBaseProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/knowledgeBases/{knowledgeBaseId}/sources/{sourceId}",
      tags: ["Knowledge"],
      summary: "Delete a source",
      description: "Deletes the source and its passages: no search returns them afterwards.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ sourceId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await findKnowledgeSource(ctx.prisma, input.knowledgeBaseId, input.sourceId);
    await ctx.prisma.$transaction([
      ctx.prisma.knowledgeSource.delete({ where: { id: input.sourceId } }),
      ctx.prisma.knowledgeBase.update({
        where: { id: input.knowledgeBaseId },
        data: { chunksVersion: { increment: 1 } },
      }),
    ]);
    return { message: "success" as const };
  });
