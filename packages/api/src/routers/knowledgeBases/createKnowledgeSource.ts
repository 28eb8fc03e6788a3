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
        'A text source: `{type: "text", name, text}` (plain text or Markdown; its headings become the passages\' locations). A web page: `{type: "url", url, name?}` (HTML, plain text or Markdown). A sitemap: `{type: "sitemap", url, maxPages?, name?}`: the pages it lists (a sitemap index and its sitemaps too, gzip or not) of its own site, at most `maxPages` (default 100, at most 10,000); each page is listed by `GET …/sources/{sourceId}/pages` with its status. Pages are read through the server\'s outbound rules (a private address is refused: the source `failed`), as `ParleyBot`, respecting the site\'s robots.txt (a page it disallows is never fetched and does not count). The answer is the source, `pending`: it is indexed in the background (cut into passages that follow headings and paragraphs, each embedded with the base\'s credentials and model), then `ready`, or `failed` with a readable `error`. Poll `GET …/sources` for its status.',
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
