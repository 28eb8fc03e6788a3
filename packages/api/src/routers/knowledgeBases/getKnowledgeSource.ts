import { notFound } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { knowledgeSourceWithTextSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { knowledgeSourceSelect, toKnowledgeSource } from "./toKnowledgeRecords";

/**
 * One source with a text source's document, for the builder's editor of text sources (builder only, no REST
 * path: the OpenAPI document keeps to its size budget). A source of another knowledge base is NOT_FOUND.
 */
export const getKnowledgeSource = knowledgeBaseProcedure("read")
  .input(z.object({ sourceId: idSchema }))
  .output(z.object({ source: knowledgeSourceWithTextSchema }))
  .query(async ({ ctx, input }) => {
    const row = await ctx.prisma.knowledgeSource.findFirst({
      where: { id: input.sourceId, knowledgeBaseId: input.knowledgeBaseId },
      select: { ...knowledgeSourceSelect, text: true },
    });
    if (!row) throw notFound();
    const { text, ...source } = row;
    return {
      source: { ...toKnowledgeSource(source), ...(source.type === "text" && text !== null ? { text } : {}) },
    };
  });
