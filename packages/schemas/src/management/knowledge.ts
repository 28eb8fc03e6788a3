import { z } from "zod";
import {
  mistralCredentials,
  openAiCompatibleCredentials,
  openAiCredentials,
} from "../credentials/aiCredentials";
import { textSchema } from "../text";
import { httpUrlSchema, idSchema, nameSchema, timestampSchema } from "./common";

/** Characters of a text source's document (a request body is at most 1 MiB in all). */
export const MAX_KNOWLEDGE_TEXT_LENGTH = 500_000;
/** Pages a sitemap source reads when `maxPages` is not given, and at most. */
export const DEFAULT_SITEMAP_MAX_PAGES = 100;
export const MAX_SITEMAP_MAX_PAGES = 10_000;
/** Passages a query returns at most. */
export const MAX_KNOWLEDGE_TOP_K = 50;

/** The credentials kinds whose servers answer `/v1/embeddings` (OpenAI's protocol, which Mistral speaks too). */
export const embeddingCredentialsTypes = [
  openAiCredentials.type,
  mistralCredentials.type,
  openAiCompatibleCredentials.type,
] as const;

/** The usual embeddings model of each kind of embeddings credentials, offered first by the builder. */
export const suggestedEmbeddingModels = {
  [openAiCredentials.type]: "text-embedding-3-small",
  [mistralCredentials.type]: "mistral-embed",
  [openAiCompatibleCredentials.type]: "nomic-embed-text",
} as const satisfies Record<(typeof embeddingCredentialsTypes)[number], string>;

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

export const knowledgeSourceTypes = ["text", "url", "sitemap", "file"] as const;
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
    url: textSchema.optional().describe("The page of a url source, the sitemap of a sitemap source"),
    maxPages: z.number().int().optional().describe("Pages a sitemap source reads at most"),
    fileType: textSchema.optional().describe("A file source's media type (`application/pdf`, `text/csv`…)"),
    fileSize: z.number().int().optional().describe("A file source's size in bytes"),
  })
  .meta({ id: "KnowledgeSource" });
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

/** One source as the builder reads it to edit it: a text source with its document. */
export const knowledgeSourceWithTextSchema = knowledgeSourceSchema.extend({
  text: textSchema.optional().describe("A text source's document (absent for other kinds)"),
});
export type KnowledgeSourceWithText = z.infer<typeof knowledgeSourceWithTextSchema>;

const sourceTextSchema = textSchema
  .min(1, "Must not be empty")
  .max(MAX_KNOWLEDGE_TEXT_LENGTH)
  .meta({ example: "# Returns\n\nItems can be returned within 30 days of delivery." });

/** A page or sitemap to read: an http(s) URL; where it may point is checked when it is read (outbound rules). */
export const knowledgeUrlSchema = httpUrlSchema
  // A user name or password in the URL would be shown with every passage cited from it.
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
    message: "Must not hold a user name or password",
  });

export const newKnowledgeSourceSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("text"),
    name: nameSchema.meta({ example: "Returns policy" }),
    text: sourceTextSchema,
  }),
  z.strictObject({
    type: z.literal("url"),
    name: nameSchema.optional().describe("Defaults to the URL"),
    url: knowledgeUrlSchema.meta({ example: "https://help.example.com/returns" }),
  }),
  z.strictObject({
    type: z.literal("sitemap"),
    name: nameSchema.optional().describe("Defaults to the URL"),
    url: knowledgeUrlSchema.meta({ example: "https://help.example.com/sitemap.xml" }),
    maxPages: z
      .number()
      .int()
      .min(1)
      .max(MAX_SITEMAP_MAX_PAGES)
      .default(DEFAULT_SITEMAP_MAX_PAGES)
      .describe("Pages read at most (default 100, at most 10,000); pages robots.txt disallows do not count"),
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
    similarity: z
      .number()
      .describe(
        "Cosine similarity of the passage's embedding to the query's, from -1 to 1: how close it is, not just how it ranks. An answer counts as supported by the knowledge base when a passage reaches 0.35 (the default; its scale depends on the embeddings model)",
      ),
    source: z.object({ id: idSchema, name: textSchema, url: textSchema.optional() }),
    location: textSchema.optional().describe("The headings above the passage, joined by ` > `"),
  })
  .meta({ id: "KnowledgeQueryResult" });
export type KnowledgeQueryResult = z.infer<typeof knowledgeQueryResultSchema>;

export const knowledgePageSchema = z
  .object({
    url: textSchema,
    status: z
      .enum(["ready", "failed"])
      .describe("ready (its passages are searchable once the source is ready) or failed (see `error`)"),
    error: textSchema.nullable(),
    chunkCount: z.number().int(),
    fetchedAt: timestampSchema,
  })
  .meta({ id: "KnowledgePage" });
export type KnowledgePage = z.infer<typeof knowledgePageSchema>;
