-- CreateTable
CREATE TABLE "WebhookTestCall" (
    "botId" TEXT NOT NULL,
    "blockId" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookTestCall_pkey" PRIMARY KEY ("botId","blockId")
);

-- CreateIndex
CREATE INDEX "WebhookTestCall_receivedAt_idx" ON "WebhookTestCall"("receivedAt");

-- AddForeignKey
ALTER TABLE "WebhookTestCall" ADD CONSTRAINT "WebhookTestCall_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
