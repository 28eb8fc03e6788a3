import { idSchema } from "@parley/schemas/management/common";
import { knowledgePageSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findKnowledgeSource } from "./findKnowledgeSource";

export const listKnowledgePages = knowledgeBaseProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/knowledgeBases/{knowledgeBaseId}/sources/{sourceId}/pages",
      tags: ["Knowledge"],
      summary: "List the pages a sitemap source read",
      description:
        "The pages of the source's last finished indexing, in the sitemap's order: each `ready` with its passage count, or `failed` with a readable `error` (the server's answer, a private address refused, not a web page…). Pages robots.txt disallows are not read and not listed. Empty for a source not yet indexed, and for text and url sources.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ sourceId: idSchema }))
  .output(z.object({ pages: z.array(knowledgePageSchema) }))
  .query(async ({ ctx, input }) => {
    await findKnowledgeSource(ctx.prisma, input.knowledgeBaseId, input.sourceId);
    const rows = await ctx.prisma.knowledgePage.findMany({
      where: { sourceId: input.sourceId },
      orderBy: { position: "asc" },
      select: { url: true, status: true, error: true, chunkCount: true, fetchedAt: true },
    });
    return {
      pages: rows.map((row) => ({
        url: row.url,
        status: row.status === "ready" ? ("ready" as const) : ("failed" as const),
        error: row.error,
        chunkCount: row.chunkCount,
        fetchedAt: row.fetchedAt.toISOString(),
      })),
    };
  });
