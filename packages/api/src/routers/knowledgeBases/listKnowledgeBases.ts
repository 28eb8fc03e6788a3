import { knowledgeBaseSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toKnowledgeBase } from "./toKnowledgeRecords";

export const listKnowledgeBases = workspaceProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/knowledgeBases",
      tags: ["Knowledge"],
      summary: "List knowledge bases",
      description: "The workspace's knowledge bases, by name.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ knowledgeBases: z.array(knowledgeBaseSchema) }))
  .query(async ({ ctx }) => {
    const rows = await ctx.prisma.knowledgeBase.findMany({
      where: { workspaceId: ctx.access.workspaceId },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    });
    return { knowledgeBases: rows.map(toKnowledgeBase) };
  });
