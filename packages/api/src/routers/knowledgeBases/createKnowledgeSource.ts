import { createId } from "@parley/db";
import { enqueueKnowledgeIndexing } from "@parley/integrations/knowledge/indexKnowledgeSource";
import { idSchema } from "@parley/schemas/management/common";
import { knowledgeSourceSchema, newKnowledgeSourceSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { knowledgeBaseProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { knowledgeSourceSelect, toKnowledgeSource } from "./toKnowledgeRecords";

export const createKnowledgeSource = knowledgeBaseProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/knowledgeBases/{knowledgeBaseId}/sources",
      tags: ["Knowledge"],
      summary: "Add a source to a knowledge base",
      description:
        "A text source: `{type: \"text\", name, text}` (plain text or Markdown; its headings become the passages' locations). The answer is the source, `pending`: it is indexed in the background (cut into passages that follow headings and paragraphs, each embedded with the base's credentials and model), then `ready`, or `failed` with a readable `error`. Poll `GET …/sources` for its status.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ knowledgeBaseId: idSchema, source: newKnowledgeSourceSchema }))
  .output(z.object({ source: knowledgeSourceSchema }))
  .mutation(async ({ ctx, input }) => {
    const row = await ctx.prisma.knowledgeSource.create({
      data: {
        id: createId(),
        knowledgeBaseId: input.knowledgeBaseId,
        type: input.source.type,
        name: input.source.name,
        text: input.source.text,
      },
      select: knowledgeSourceSelect,
    });
    await enqueueKnowledgeIndexing(row.id);
    return { source: toKnowledgeSource(row) };
  });
