import type { KnowledgeBaseModel, KnowledgeSourceModel } from "@parley/db";
import type { KnowledgeBase, KnowledgeSource } from "@parley/schemas/management/knowledge";

export function toKnowledgeBase(row: KnowledgeBaseModel): KnowledgeBase {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    workspaceId: row.workspaceId,
    name: row.name,
    credentialsId: row.credentialsId,
    embeddingModel: row.embeddingModel,
  };
}

/** A source's columns the API shows (its text stays out of listings). */
export const knowledgeSourceSelect = {
  id: true,
  createdAt: true,
  updatedAt: true,
  knowledgeBaseId: true,
  type: true,
  name: true,
  status: true,
  error: true,
  chunkCount: true,
  lastIndexedAt: true,
  url: true,
  maxPages: true,
  fileType: true,
  fileSize: true,
} as const;

type SourceRow = Pick<KnowledgeSourceModel, keyof typeof knowledgeSourceSelect>;

export function toKnowledgeSource(row: SourceRow): KnowledgeSource {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    knowledgeBaseId: row.knowledgeBaseId,
    type: row.type,
    name: row.name,
    status: row.status,
    error: row.error,
    chunkCount: row.chunkCount,
    lastIndexedAt: row.lastIndexedAt?.toISOString() ?? null,
    ...(row.url !== null ? { url: row.url } : {}),
    ...(row.maxPages !== null ? { maxPages: row.maxPages } : {}),
    ...(row.fileType !== null ? { fileType: row.fileType } : {}),
    ...(row.fileSize !== null ? { fileSize: row.fileSize } : {}),
  };
}
