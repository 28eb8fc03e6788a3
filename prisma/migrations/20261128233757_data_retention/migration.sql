-- AlterTable
ALTER TABLE "Bot" ADD COLUMN     "retentionDays" INTEGER;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "retentionDays" INTEGER;
