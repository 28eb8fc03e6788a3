-- AlterEnum
ALTER TYPE "KnowledgeSourceType" ADD VALUE 'file';

-- AlterTable
ALTER TABLE "KnowledgeSource" ADD COLUMN     "fileSize" INTEGER,
ADD COLUMN     "fileType" TEXT;

-- CreateTable
CREATE TABLE "KnowledgeFilePart" (
    "sourceId" TEXT NOT NULL,
    "part" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "KnowledgeFilePart_pkey" PRIMARY KEY ("sourceId","part")
);

-- AddForeignKey
ALTER TABLE "KnowledgeFilePart" ADD CONSTRAINT "KnowledgeFilePart_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "KnowledgeSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;
