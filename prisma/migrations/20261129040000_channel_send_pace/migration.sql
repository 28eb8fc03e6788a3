-- The messaging send pacing shared by every process (packages/db/src/queries/reserveSendSlots.ts). UNLOGGED:
-- a reservation writes no WAL, and after a crash PostgreSQL empties the table, which only forgets the pace.
-- CreateTable
CREATE UNLOGGED TABLE "ChannelSendPace" (
    "key" VARCHAR(255) NOT NULL,
    "dueAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ChannelSendPace_pkey" PRIMARY KEY ("key")
);
