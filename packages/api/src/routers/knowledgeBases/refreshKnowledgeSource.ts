import { enqueueKnowledgeIndexing } from "@parley/integrations/knowledge/indexKnowledgeSource";
import { idSchema } from "@parley/schemas/management/common";
import { knowledgeSourceSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findKnowledgeSource } from "./findKnowledgeSource";
import { knowledgeSourceSelect, toKnowledgeSource } from "./toKnowledgeRecords";

export const refreshKnowledgeSource = knowledgeBaseProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/knowledgeBases/{knowledgeBaseId}/sources/{sourceId}/refresh",
      tags: ["Knowledge"],
      summary: "Index a source again",
      description:
        "Queues the source's indexing again (after a failure, or to embed it anew); a url or sitemap source is read again from the web (sitemap, robots.txt and pages), a file source from its stored file. Its current passages stay searchable until the new ones replace them, in one step.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ sourceId: idSchema }))
  .output(z.object({ source: knowledgeSourceSchema }))
  .mutation(async ({ ctx, input }) => {
    await findKnowledgeSource(ctx.prisma, input.knowledgeBaseId, input.sourceId);
    const row = await ctx.prisma.knowledgeSource.update({
      where: { id: input.sourceId },
      data: { status: "pending", error: null, revision: { increment: 1 } },
      select: knowledgeSourceSelect,
    });
    await enqueueKnowledgeIndexing(input.sourceId);
    return { source: toKnowledgeSource(row) };
  });
