import { knowledgeVectorIndex } from "@parley/integrations/knowledge/knowledgeVectorIndex";
import { successMessageSchema } from "@parley/schemas/management/common";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const deleteKnowledgeBase = knowledgeBaseProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/knowledgeBases/{knowledgeBaseId}",
      tags: ["Knowledge"],
      summary: "Delete a knowledge base",
      description: "Deletes it with its sources and passages; indexing still queued for them does nothing.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.knowledgeBase.delete({ where: { id: input.knowledgeBaseId } });
    knowledgeVectorIndex.forget(input.knowledgeBaseId);
    return { message: "success" as const };
  });
