-- AlterTable
ALTER TABLE "ConversationMessage" ADD COLUMN     "fileId" TEXT;

-- CreateTable
CREATE TABLE "ConversationFile" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "conversationId" TEXT NOT NULL,
    "userId" TEXT,
    "key" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,

    CONSTRAINT "ConversationFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ConversationFile_conversationId_idx" ON "ConversationFile"("conversationId");

-- CreateIndex
CREATE UNIQUE INDEX "ConversationMessage_fileId_key" ON "ConversationMessage"("fileId");

-- AddForeignKey
ALTER TABLE "ConversationMessage" ADD CONSTRAINT "ConversationMessage_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "ConversationFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConversationFile" ADD CONSTRAINT "ConversationFile_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
