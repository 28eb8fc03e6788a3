-- AlterTable
ALTER TABLE "ChatSession" ADD COLUMN     "previewFlow" JSONB;

-- AlterTable
ALTER TABLE "ChatTurnRecord" ADD COLUMN     "requestHash" TEXT;
