import { knowledgeSourceSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { knowledgeSourceSelect, toKnowledgeSource } from "./toKnowledgeRecords";

export const listKnowledgeSources = knowledgeBaseProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/knowledgeBases/{knowledgeBaseId}/sources",
      tags: ["Knowledge"],
      summary: "List a knowledge base's sources",
      description:
        "Oldest first, each with its `status` (`pending`, `indexing`, `ready`, `failed` with a readable `error`), the number of passages searchable from it and when it was last indexed.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ sources: z.array(knowledgeSourceSchema) }))
  .query(async ({ ctx, input }) => {
    const rows = await ctx.prisma.knowledgeSource.findMany({
      where: { knowledgeBaseId: input.knowledgeBaseId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: knowledgeSourceSelect,
    });
    return { sources: rows.map(toKnowledgeSource) };
  });
