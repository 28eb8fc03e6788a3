import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, nameSchema, timestampSchema } from "./common";

/** Characters of a text source's document (a request body is at most 1 MiB in all). */
export const MAX_KNOWLEDGE_TEXT_LENGTH = 500_000;
/** Passages a query returns at most. */
export const MAX_KNOWLEDGE_TOP_K = 50;

/** The embeddings model's name as its provider spells it (`text-embedding-3-small`, `mistral-embed`, `nomic-embed-text`). */
export const embeddingModelSchema = textSchema
  .trim()
  .min(1, "Must not be empty")
  .max(200)
  .meta({ example: "text-embedding-3-small" });

export const knowledgeBaseSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    workspaceId: idSchema,
    name: textSchema,
    credentialsId: idSchema
      .nullable()
      .describe("The AI credentials that embed its passages; null once they were deleted"),
    embeddingModel: textSchema,
  })
  .meta({ id: "KnowledgeBase" });
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

export const newKnowledgeBaseSchema = z.strictObject({
  name: nameSchema.meta({ example: "Help centre" }),
  credentialsId: idSchema.describe(
    "AI credentials of the same workspace: OpenAI, Mistral or an OpenAI-compatible server",
  ),
  embeddingModel: embeddingModelSchema,
});

export const knowledgeBasePatchSchema = z.strictObject({
  name: nameSchema.optional().meta({ example: "Help centre" }),
  credentialsId: idSchema.optional(),
  embeddingModel: embeddingModelSchema.optional(),
});

export const knowledgeSourceTypes = ["text"] as const;
export const knowledgeSourceStatuses = ["pending", "indexing", "ready", "failed"] as const;

export const knowledgeSourceSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    knowledgeBaseId: idSchema,
    type: z.enum(knowledgeSourceTypes),
    name: textSchema,
    status: z
      .enum(knowledgeSourceStatuses)
      .describe("pending (waiting to be indexed), indexing, ready (searchable) or failed (see `error`)"),
    error: textSchema.nullable().describe("Why the last indexing failed; null otherwise"),
    chunkCount: z.number().int().describe("Passages searchable from this source"),
    lastIndexedAt: timestampSchema.nullable(),
  })
  .meta({ id: "KnowledgeSource" });
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

const sourceTextSchema = textSchema
  .min(1, "Must not be empty")
  .max(MAX_KNOWLEDGE_TEXT_LENGTH)
  .meta({ example: "# Returns\n\nItems can be returned within 30 days of delivery." });

export const newKnowledgeSourceSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("text"),
    name: nameSchema.meta({ example: "Returns policy" }),
    text: sourceTextSchema,
  }),
]);

export const knowledgeSourcePatchSchema = z.strictObject({
  name: nameSchema.optional().meta({ example: "Returns policy" }),
  text: sourceTextSchema.optional(),
});

export const knowledgeQuerySchema = z.strictObject({
  query: textSchema
    .trim()
    .min(1, "Must not be empty")
    .max(2000)
    .meta({ example: "How do I return an item?" }),
  topK: z.number().int().min(1).max(MAX_KNOWLEDGE_TOP_K).default(5),
});

export const knowledgeQueryResultSchema = z
  .object({
    text: textSchema,
    score: z.number().describe("Reciprocal rank fusion of the full-text and vector ranks: higher is better"),
    source: z.object({ id: idSchema, name: textSchema, url: textSchema.optional() }),
    location: textSchema.optional().describe("The headings above the passage, joined by ` > `"),
  })
  .meta({ id: "KnowledgeQueryResult" });
export type KnowledgeQueryResult = z.infer<typeof knowledgeQueryResultSchema>;
