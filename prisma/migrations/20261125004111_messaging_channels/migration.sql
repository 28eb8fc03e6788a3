-- CreateTable
CREATE TABLE "MessagingConversation" (
    "credentialsId" TEXT NOT NULL,
    "sender" TEXT NOT NULL,
    "sessionId" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessagingConversation_pkey" PRIMARY KEY ("credentialsId","sender")
);

-- CreateTable
CREATE TABLE "MessagingInboundMessage" (
    "credentialsId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessagingInboundMessage_pkey" PRIMARY KEY ("credentialsId","messageId")
);

-- CreateIndex
CREATE INDEX "MessagingConversation_sessionId_idx" ON "MessagingConversation"("sessionId");

-- CreateIndex
CREATE INDEX "MessagingInboundMessage_createdAt_idx" ON "MessagingInboundMessage"("createdAt");

-- AddForeignKey
ALTER TABLE "MessagingConversation" ADD CONSTRAINT "MessagingConversation_credentialsId_fkey" FOREIGN KEY ("credentialsId") REFERENCES "Credentials"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessagingConversation" ADD CONSTRAINT "MessagingConversation_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ChatSession"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessagingInboundMessage" ADD CONSTRAINT "MessagingInboundMessage_credentialsId_fkey" FOREIGN KEY ("credentialsId") REFERENCES "Credentials"("id") ON DELETE CASCADE ON UPDATE CASCADE;
