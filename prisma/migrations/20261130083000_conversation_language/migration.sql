-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "language" TEXT;
