-- CreateTable
CREATE TABLE "ChannelSendProgress" (
    "key" TEXT NOT NULL,
    "conversation" TEXT NOT NULL,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChannelSendProgress_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "ChannelSendProgress_conversation_createdAt_idx" ON "ChannelSendProgress"("conversation", "createdAt");
