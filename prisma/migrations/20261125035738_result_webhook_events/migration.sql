-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "botId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "resultId" TEXT NOT NULL,
    "answerIndex" INTEGER,

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);
