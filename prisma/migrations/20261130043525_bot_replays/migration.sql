-- CreateTable
CREATE TABLE "BotReplay" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "botId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "createdById" TEXT,
    "status" TEXT NOT NULL,
    "limit" INTEGER NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "stoppedEarly" BOOLEAN NOT NULL DEFAULT false,
    "draftUpdatedAt" TIMESTAMPTZ(3),
    "conversations" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "BotReplay_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BotReplay_botId_createdAt_idx" ON "BotReplay"("botId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "BotReplay_workspaceId_idx" ON "BotReplay"("workspaceId");

-- AddForeignKey
ALTER TABLE "BotReplay" ADD CONSTRAINT "BotReplay_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotReplay" ADD CONSTRAINT "BotReplay_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
