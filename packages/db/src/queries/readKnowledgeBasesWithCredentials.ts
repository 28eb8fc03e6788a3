import type { Database } from "../client";

/** A knowledge base with the stored row of its embeddings credentials (still encrypted), as one read returns it. */
export interface KnowledgeBaseWithCredentialsRow {
  id: string;
  name: string;
  workspaceId: string;
  credentialsId: string | null;
  embeddingModel: string;
  chunksVersion: number;
  credentials: { id: string; workspaceId: string; type: string; data: string; iv: string } | null;
}

/** A credentials row as these reads return it (still encrypted). */
export type StoredCredentialsRow = NonNullable<KnowledgeBaseWithCredentialsRow["credentials"]>;

/**
 * The JSON object of a knowledge base `kb` with its credentials `c` (LEFT JOINed on the base's credentials of
 * the same workspace), as readKnowledgeBasesWithCredentials returns a row: the chat turn's read statement
 * returns the waiting AI agent's bases in this shape too.
 */
export const knowledgeBaseWithCredentialsJson = `json_build_object(
  'id', kb.id, 'name', kb.name, 'workspaceId', kb."workspaceId", 'credentialsId', kb."credentialsId",
  'embeddingModel', kb."embeddingModel", 'chunksVersion', kb."chunksVersion",
  'credentials', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object(
    'id', c.id, 'workspaceId', c."workspaceId", 'type', c.type, 'data', c.data, 'iv', c.iv) END)`;

const readText = `SELECT ${knowledgeBaseWithCredentialsJson} AS base
  FROM "KnowledgeBase" kb
  LEFT JOIN "Credentials" c ON c.id = kb."credentialsId" AND c."workspaceId" = kb."workspaceId"
  WHERE kb.id = ANY ($1::text[]) AND kb."workspaceId" = $2`;

/**
 * The knowledge bases of `workspaceId` among `ids`, each with its credentials joined when they are of the same
 * workspace (`null` otherwise or when it has none): one statement. Ids of another workspace are not returned.
 */
export async function readKnowledgeBasesWithCredentials(
  prisma: Pick<Database, "$queryRawUnsafe">,
  workspaceId: string,
  ids: readonly string[],
): Promise<KnowledgeBaseWithCredentialsRow[]> {
  const rows = await prisma.$queryRawUnsafe<{ base: KnowledgeBaseWithCredentialsRow }[]>(
    readText,
    [...ids],
    workspaceId,
  );
  return rows.map((row) => row.base);
}
