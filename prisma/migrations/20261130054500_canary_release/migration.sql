-- CreateTable
CREATE TABLE "CanaryRelease" (
    "botId" TEXT NOT NULL,
    "publishedBotId" TEXT NOT NULL,
    "percent" INTEGER NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rollbackDropPoints" DOUBLE PRECISION,
    "rollbackMinStarts" INTEGER,

    CONSTRAINT "CanaryRelease_pkey" PRIMARY KEY ("botId")
);

-- CreateIndex
CREATE UNIQUE INDEX "CanaryRelease_publishedBotId_key" ON "CanaryRelease"("publishedBotId");

-- AddForeignKey
ALTER TABLE "CanaryRelease" ADD CONSTRAINT "CanaryRelease_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CanaryRelease" ADD CONSTRAINT "CanaryRelease_publishedBotId_fkey" FOREIGN KEY ("publishedBotId") REFERENCES "PublishedBot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The share is a percentage of new chats, 1 to 99 (0 is no canary, 100 a promotion).
ALTER TABLE "CanaryRelease" ADD CONSTRAINT "CanaryRelease_percent_check" CHECK ("percent" BETWEEN 1 AND 99);
