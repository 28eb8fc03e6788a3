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

/**
 * The knowledge bases of `workspaceId` among `ids`, each with its credentials joined when they are of the same
 * workspace (`null` otherwise or when it has none): one statement. Ids of another workspace are not returned.
 */
export async function readKnowledgeBasesWithCredentials(
  prisma: Pick<Database, "$queryRaw">,
  workspaceId: string,
  ids: readonly string[],
): Promise<KnowledgeBaseWithCredentialsRow[]> {
  const rows = await prisma.$queryRaw<KnowledgeBaseWithCredentialsRow[]>`
    SELECT kb.id, kb.name, kb."workspaceId", kb."credentialsId", kb."embeddingModel", kb."chunksVersion",
      CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object(
        'id', c.id, 'workspaceId', c."workspaceId", 'type', c.type, 'data', c.data, 'iv', c.iv) END AS credentials
    FROM "KnowledgeBase" kb
    LEFT JOIN "Credentials" c ON c.id = kb."credentialsId" AND c."workspaceId" = kb."workspaceId"
    WHERE kb.id = ANY (${[...ids]}::text[]) AND kb."workspaceId" = ${workspaceId}`;
  return rows.map((row) => ({ ...row, chunksVersion: Number(row.chunksVersion) }));
}
