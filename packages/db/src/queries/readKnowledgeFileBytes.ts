import type { Database } from "../client";

/** A file source's size: the bytes of its stored parts (KnowledgeFilePart) together. */
export async function readKnowledgeFileSize(
  prisma: Pick<Database, "$queryRaw">,
  sourceId: string,
): Promise<number> {
  const [row] = await prisma.$queryRaw<{ size: bigint | number }[]>`
    SELECT COALESCE(SUM(octet_length(bytes)), 0)::bigint AS size
    FROM "KnowledgeFilePart" WHERE "sourceId" = ${sourceId}`;
  return Number(row?.size ?? 0);
}

/**
 * The bytes of a file source from `begin` to `end` (excluded), cut by PostgreSQL out of the stored parts they
 * fall in (a part's offset is the size of the parts before it), so a reader needing a few kilobytes of a 50 MB
 * file receives those only. Fewer bytes than asked past the file's end.
 */
export async function readKnowledgeFileRange(
  prisma: Pick<Database, "$queryRaw">,
  request: { sourceId: string; begin: number; end: number },
): Promise<Uint8Array> {
  const { sourceId, begin, end } = request;
  const [row] = await prisma.$queryRaw<{ bytes: Uint8Array }[]>`
    SELECT COALESCE(string_agg(
      substring(p.bytes FROM (GREATEST(${begin}::bigint, p.start) - p.start + 1)::int
        FOR (LEAST(${end}::bigint, p.start + p.size) - GREATEST(${begin}::bigint, p.start))::int),
      ''::bytea ORDER BY p.part), ''::bytea) AS bytes
    FROM (
      SELECT part, bytes, octet_length(bytes)::bigint AS size,
        COALESCE(SUM(octet_length(bytes)) OVER (ORDER BY part ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS start
      FROM "KnowledgeFilePart" WHERE "sourceId" = ${sourceId}
    ) AS p
    WHERE p.start < ${end}::bigint AND p.start + p.size > ${begin}::bigint`;
  return row?.bytes ?? new Uint8Array();
}
