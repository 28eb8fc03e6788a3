import type { Database, Prisma } from "@parley/db";

const CHUNK = 1000;

/**
 * Erases results' content (answers, visited edges, logs, sessions, variables)
 * but keeps the rows, archived, so that billing usage, which counts the chats
 * created in a period, does not shrink. Works in chunks of 1,000.
 */
export async function eraseResults(prisma: Database, where: Prisma.ResultWhereInput) {
  for (;;) {
    const erased = await prisma.$transaction(async (tx) => {
      const results = await tx.result.findMany({
        where: { ...where, isArchived: false },
        select: { id: true },
        take: CHUNK,
      });
      const ids = results.map((result) => result.id);
      if (ids.length === 0) return 0;
      await tx.answer.deleteMany({ where: { resultId: { in: ids } } });
      await tx.visitedEdge.deleteMany({ where: { resultId: { in: ids } } });
      await tx.log.deleteMany({ where: { resultId: { in: ids } } });
      await tx.chatSession.deleteMany({ where: { resultId: { in: ids } } });
      await tx.result.updateMany({
        where: { id: { in: ids } },
        data: { isArchived: true, variables: [], lastChatSessionId: null },
      });
      return ids.length;
    });
    if (erased < CHUNK) return;
  }
}
