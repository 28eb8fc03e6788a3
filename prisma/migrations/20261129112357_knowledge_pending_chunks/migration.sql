-- CreateTable
CREATE TABLE "KnowledgePendingChunk" (
    "sourceId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "heading" TEXT,
    "url" TEXT,
    "document" INTEGER,
    "embedding" REAL[],

    CONSTRAINT "KnowledgePendingChunk_pkey" PRIMARY KEY ("sourceId","revision","ordinal")
);

-- AddForeignKey
ALTER TABLE "KnowledgePendingChunk" ADD CONSTRAINT "KnowledgePendingChunk_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "KnowledgeSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;
