-- The counters of the shared rate limits (packages/platform/src/limits). UNLOGGED: counting a call
-- writes no WAL, and after a crash PostgreSQL empties the table, which only restarts the windows.
-- CreateTable
CREATE UNLOGGED TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);
