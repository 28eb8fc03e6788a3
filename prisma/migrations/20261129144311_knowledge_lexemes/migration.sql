-- CreateTable
CREATE TABLE "KnowledgeLexeme" (
    "knowledgeBaseId" TEXT NOT NULL,
    "lexeme" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "passages" INTEGER NOT NULL,

    CONSTRAINT "KnowledgeLexeme_pkey" PRIMARY KEY ("knowledgeBaseId","lexeme","sourceId")
);

-- CreateIndex
CREATE INDEX "KnowledgeLexeme_sourceId_idx" ON "KnowledgeLexeme"("sourceId");

-- AddForeignKey
ALTER TABLE "KnowledgeLexeme" ADD CONSTRAINT "KnowledgeLexeme_knowledgeBaseId_fkey" FOREIGN KEY ("knowledgeBaseId") REFERENCES "KnowledgeBase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KnowledgeLexeme" ADD CONSTRAINT "KnowledgeLexeme_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "KnowledgeSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The passages stored before this migration.
INSERT INTO "KnowledgeLexeme" ("knowledgeBaseId", lexeme, "sourceId", passages)
SELECT c."knowledgeBaseId", l.lexeme, c."sourceId", count(*)::int
FROM "KnowledgeChunk" c, unnest(tsvector_to_array(c."searchVector")) AS l(lexeme)
GROUP BY 1, 2, 3;
