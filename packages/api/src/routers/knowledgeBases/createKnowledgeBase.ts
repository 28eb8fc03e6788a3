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
        "A workspace's set of documents that AI answers are grounded in (docs/knowledge.md). `credentialsId` names AI credentials of the same workspace that can embed text (OpenAI, Mistral or an OpenAI-compatible server such as Ollama or vLLM); other credentials, or another workspace's, are BAD_REQUEST with issue code `CREDENTIALS_NOT_FOUND`. `embeddingModel` is the provider's model name (`text-embedding-3-small`, `mistral-embed`, `nomic-embed-text`).",
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
