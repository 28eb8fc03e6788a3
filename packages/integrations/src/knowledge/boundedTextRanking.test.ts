import { createId, getPgPool, getPrisma } from "@parley/db";
import { replaceKnowledgeLexemes } from "@parley/db/queries/replaceKnowledgeLexemes";
import { retrieveKnowledgeChunks } from "@parley/db/queries/retrieveKnowledgeChunks";
import { EXHAUSTIVE_TEXT_SEARCH_PASSAGES } from "@parley/db/queries/searchKnowledgeText";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";

// The full-text side of a base larger than EXHAUSTIVE_TEXT_SEARCH_PASSAGES ranks candidates only (docs/knowledge.md,
// "Retrieval"): these bases are built so that the answering passage is found by one kind of candidate and by no
// other, so each test fails if that kind is lost.

const prisma = getPrisma();
const PASSAGES = 2_500;

/** A base of one source whose passage `ordinal` holds `textOf(ordinal)`, its word counts stored as indexing does. */
async function createBase(textOf: string) {
  const { workspaceId } = await createTestUser();
  const base = await prisma.knowledgeBase.create({
    data: { id: createId(), workspaceId, name: "Bounded", embeddingModel: "text-embedding-3-small" },
  });
  const sourceId = createId();
  await prisma.knowledgeSource.create({
    data: {
      id: sourceId,
      knowledgeBaseId: base.id,
      type: "text",
      name: "Manual",
      text: "(seeded)",
      status: "ready",
      chunkCount: PASSAGES,
    },
  });
  // Inserted in ordinal order: the passage written last is also last in the table.
  await prisma.$executeRawUnsafe(
    `INSERT INTO "KnowledgeChunk" (id, "knowledgeBaseId", "sourceId", ordinal, text, embedding)
     SELECT $2 || '-' || lpad(g::text, 5, '0'), $1, $2, g, ${textOf}, ARRAY[1]::real[]
     FROM generate_series(0, ${PASSAGES - 1}) AS g ORDER BY g`,
    base.id,
    sourceId,
  );
  await replaceKnowledgeLexemes(prisma, sourceId);
  return { id: base.id, last: `${sourceId}-${String(PASSAGES - 1).padStart(5, "0")}` };
}

const rank = (knowledgeBaseId: string, query: string) =>
  retrieveKnowledgeChunks(getPgPool(), { knowledgeBaseId, query, vectorIds: [], candidates: 50, topK: 5 });

describe("the full-text ranking of a large base", () => {
  beforeAll(() => expect(PASSAGES).toBeGreaterThan(EXHAUSTIVE_TEXT_SEARCH_PASSAGES));

  it("finds the one passage holding every word of the question when each word alone is common", async () => {
    // 1,900 passages hold "helmet" and "lock"; 600 hold "bike" with one of them; the last holds all three. The
    // rarest word's first passages do not reach it: only the passages holding the words together do.
    const base = await createBase(`CASE
      WHEN g = ${PASSAGES - 1} THEN 'Bike with helmet and lock: the rental pack'
      WHEN g >= 1900 AND g % 2 = 0 THEN 'Bike and helmet sizes chart number ' || g
      WHEN g >= 1900 THEN 'Bike lock codes table number ' || g
      ELSE 'Helmet and lock care notes number ' || g END`);
    const found = await rank(base.id, "bike helmet lock");
    expect(found[0]?.id).toBe(base.last);
    expect(found[0]?.text).toBe("Bike with helmet and lock: the rental pack");
  });

  it("finds a rare word's passage by its stem and ranks it above passages of common words", async () => {
    // "refunded" once, in the last passage (with "bike", held by 1,250); "warranty" in 30 others.
    const base = await createBase(`CASE
      WHEN g = ${PASSAGES - 1} THEN 'Your bike is refunded within 30 days'
      WHEN g % 80 = 0 THEN 'The warranty covers the frame, number ' || g
      WHEN g % 2 = 0 THEN 'Bike rental opening hours, number ' || g
      ELSE 'Opening hours of the shop, number ' || g END`);
    const found = await rank(base.id, "refunds of a bike warranty");
    expect(found[0]?.text).toBe("Your bike is refunded within 30 days");
    expect(found.slice(1).every((passage) => passage.text.startsWith("The warranty covers"))).toBe(true);
  });
});
