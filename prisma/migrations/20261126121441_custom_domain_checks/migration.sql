-- CreateTable
CREATE TABLE "CustomDomainCheck" (
    "botId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "verifiedAt" TIMESTAMPTZ(3),
    "checkedAt" TIMESTAMPTZ(3),
    "outcome" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomDomainCheck_pkey" PRIMARY KEY ("botId")
);

-- CreateIndex
CREATE INDEX "CustomDomainCheck_host_idx" ON "CustomDomainCheck"("host");

-- AddForeignKey
ALTER TABLE "CustomDomainCheck" ADD CONSTRAINT "CustomDomainCheck_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
