import { createId } from "@parley/db";
import { idSchema } from "@parley/schemas/management/common";
import { knowledgeBaseSchema, newKnowledgeBaseSchema } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { assertEmbeddingCredentials } from "./assertEmbeddingCredentials";
import { toKnowledgeBase } from "./toKnowledgeRecords";

export const createKnowledgeBase = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/knowledgeBases",
      tags: ["Knowledge"],
      summary: "Create a knowledge base",
      description:
        "A workspace's set of documents that AI answers are grounded in. `credentialsId`: the workspace's AI credentials that embed text (OpenAI, Mistral, OpenAI-compatible), else `CREDENTIALS_NOT_FOUND`; `embeddingModel`: the provider's model (`text-embedding-3-small`). Details: docs/knowledge.md.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ workspaceId: idSchema, knowledgeBase: newKnowledgeBaseSchema }))
  .output(z.object({ knowledgeBase: knowledgeBaseSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    await assertEmbeddingCredentials(ctx.prisma, {
      workspaceId,
      credentialsId: input.knowledgeBase.credentialsId,
      path: ["knowledgeBase", "credentialsId"],
    });
    const row = await ctx.prisma.knowledgeBase.create({
      data: { id: createId(), workspaceId, ...input.knowledgeBase },
    });
    return { knowledgeBase: toKnowledgeBase(row) };
  });
