-- AlterTable
ALTER TABLE "Result" ADD COLUMN     "language" TEXT;
