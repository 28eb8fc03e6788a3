-- CreateTable
CREATE TABLE "KnowledgeVectorIndex" (
    "knowledgeBaseId" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "chunksVersion" INTEGER NOT NULL,
    "dimensions" INTEGER NOT NULL,
    "keys" BIGINT[],
    "chunkIds" TEXT[],
    "nextKey" BIGINT NOT NULL,
    "byteLength" BIGINT NOT NULL,

    CONSTRAINT "KnowledgeVectorIndex_pkey" PRIMARY KEY ("knowledgeBaseId")
);

-- CreateTable
CREATE TABLE "KnowledgeVectorIndexPart" (
    "knowledgeBaseId" TEXT NOT NULL,
    "part" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "KnowledgeVectorIndexPart_pkey" PRIMARY KEY ("knowledgeBaseId","part")
);

-- AddForeignKey
ALTER TABLE "KnowledgeVectorIndex" ADD CONSTRAINT "KnowledgeVectorIndex_knowledgeBaseId_fkey" FOREIGN KEY ("knowledgeBaseId") REFERENCES "KnowledgeBase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KnowledgeVectorIndexPart" ADD CONSTRAINT "KnowledgeVectorIndexPart_knowledgeBaseId_fkey" FOREIGN KEY ("knowledgeBaseId") REFERENCES "KnowledgeVectorIndex"("knowledgeBaseId") ON DELETE CASCADE ON UPDATE CASCADE;
