-- AlterTable
ALTER TABLE "User" ADD COLUMN     "interfaceLanguage" TEXT;
