-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "waitingEmailAt" TIMESTAMPTZ(3),
ADD COLUMN     "waitingEmailedAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "Conversation_status_waitingEmailAt_idx" ON "Conversation"("status", "waitingEmailAt");
