-- CreateEnum
CREATE TYPE "BotRole" AS ENUM ('VIEWER', 'EDITOR');

-- DropIndex
DROP INDEX "WorkspaceInvitation_workspaceId_email_key";

-- AlterTable
ALTER TABLE "WorkspaceInvitation" ADD COLUMN     "botId" TEXT,
ADD COLUMN     "botKey" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "botRole" "BotRole";

-- CreateTable
CREATE TABLE "BotCollaborator" (
    "botId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "BotRole" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BotCollaborator_pkey" PRIMARY KEY ("botId","userId")
);

-- CreateIndex
CREATE INDEX "BotCollaborator_userId_idx" ON "BotCollaborator"("userId");

-- CreateIndex
CREATE INDEX "WorkspaceInvitation_botId_idx" ON "WorkspaceInvitation"("botId");

-- CreateIndex
CREATE UNIQUE INDEX "WorkspaceInvitation_workspaceId_email_botKey_key" ON "WorkspaceInvitation"("workspaceId", "email", "botKey");

-- AddForeignKey
ALTER TABLE "WorkspaceInvitation" ADD CONSTRAINT "WorkspaceInvitation_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotCollaborator" ADD CONSTRAINT "BotCollaborator_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotCollaborator" ADD CONSTRAINT "BotCollaborator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
