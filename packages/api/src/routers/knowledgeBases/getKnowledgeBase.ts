import { knowledgeBaseSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toKnowledgeBase } from "./toKnowledgeRecords";

export const getKnowledgeBase = knowledgeBaseProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/knowledgeBases/{knowledgeBaseId}",
      tags: ["Knowledge"],
      summary: "Get a knowledge base",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ knowledgeBase: knowledgeBaseSchema }))
  .query(async ({ ctx, input }) => {
    const row = await ctx.prisma.knowledgeBase.findUniqueOrThrow({ where: { id: input.knowledgeBaseId } });
    return { knowledgeBase: toKnowledgeBase(row) };
  });
