-- AlterTable
ALTER TABLE "Bot" ADD COLUMN     "tests" JSONB NOT NULL DEFAULT '[]';
