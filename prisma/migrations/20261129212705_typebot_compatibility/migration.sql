-- AlterTable
ALTER TABLE "ChatSession" ADD COLUMN     "isKeyless" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "isTypebotClient" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "typebotCompatibility" BOOLEAN,
ADD COLUMN     "typebotImportedAt" TIMESTAMPTZ(3);
