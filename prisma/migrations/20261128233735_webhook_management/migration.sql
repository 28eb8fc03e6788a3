-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "redeliveryOf" TEXT,
ALTER COLUMN "resultId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "WebhookSubscription" ADD COLUMN     "enabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "previousSecretData" TEXT,
ADD COLUMN     "previousSecretExpiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "previousSecretIv" TEXT;
