-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "firstAssignedAt" TIMESTAMPTZ(3),
ADD COLUMN     "queuePosition" INTEGER,
ADD COLUMN     "summary" TEXT;

-- Conversations taken before this column existed: their latest assignment is the best known first one.
UPDATE "Conversation" SET "firstAssignedAt" = "assignedAt" WHERE "assignedAt" IS NOT NULL;

-- CreateIndex
CREATE INDEX "Conversation_workspaceId_firstAssignedAt_idx" ON "Conversation"("workspaceId", "firstAssignedAt");
