-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "KnowledgeSourceType" ADD VALUE 'url';
ALTER TYPE "KnowledgeSourceType" ADD VALUE 'sitemap';

-- AlterTable
ALTER TABLE "KnowledgeChunk" ADD COLUMN     "url" TEXT;

-- AlterTable
ALTER TABLE "KnowledgeSource" ADD COLUMN     "maxPages" INTEGER,
ADD COLUMN     "url" TEXT;

-- CreateTable
CREATE TABLE "KnowledgePage" (
    "id" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "status" "KnowledgeSourceStatus" NOT NULL,
    "error" TEXT,
    "chunkCount" INTEGER NOT NULL DEFAULT 0,
    "fetchedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "KnowledgePage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "KnowledgePage_sourceId_position_key" ON "KnowledgePage"("sourceId", "position");

-- AddForeignKey
ALTER TABLE "KnowledgePage" ADD CONSTRAINT "KnowledgePage_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "KnowledgeSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;
