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
        'A text (`{type: "text", name, text}`, plain text or Markdown), a web page (`{type: "url", url, name?}`) or a sitemap (`{type: "sitemap", url, maxPages?, name?}`, default 100 pages, at most 10,000, each listed by `GET …/sources/{sourceId}/pages`). Pages are fetched through the outbound rules, as `ParleyBot`, respecting robots.txt. The answer is the source, `pending`: indexed in the background, then `ready`, or `failed` with a readable `error` (poll `GET …/sources`). Details: docs/knowledge.md.',
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ knowledgeBaseId: idSchema, source: newKnowledgeSourceSchema }))
  .output(z.object({ source: knowledgeSourceSchema }))
  .mutation(async ({ ctx, input }) => {
    const { source } = input;
    const row = await ctx.prisma.knowledgeSource.create({
      data: {
        id: createId(),
        knowledgeBaseId: input.knowledgeBaseId,
        type: source.type,
        ...(source.type === "text"
          ? { name: source.name, text: source.text }
          : {
              name: source.name ?? source.url.slice(0, 100),
              url: source.url,
              maxPages: source.type === "sitemap" ? source.maxPages : null,
            }),
      },
      select: knowledgeSourceSelect,
    });
    await enqueueKnowledgeIndexing(row.id);
    return { source: toKnowledgeSource(row) };
  });
