import type { Database } from "@parley/db";
import { notFound } from "@parley/platform/errors";
import { knowledgeSourceSelect } from "./toKnowledgeRecords";

/** The source `sourceId` of `knowledgeBaseId` (whose access was checked); NOT_FOUND otherwise. */
export async function findKnowledgeSource(prisma: Database, knowledgeBaseId: string, sourceId: string) {
  const found = await prisma.knowledgeSource.findFirst({
    where: { id: sourceId, knowledgeBaseId },
    select: knowledgeSourceSelect,
  });
  if (!found) throw notFound();
  return found;
}
