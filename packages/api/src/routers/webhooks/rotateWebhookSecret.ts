import { CredentialsConfigurationError } from "@parley/integrations/credentials/credentialsCipher";
import { createWebhookSecret, encryptWebhookSecret } from "@parley/integrations/webhooks/webhookSecret";
import { idSchema } from "@parley/schemas/management/common";
import {
  DEFAULT_SECRET_OVERLAP_HOURS,
  MAX_SECRET_OVERLAP_HOURS,
  webhookSubscriptionSchema,
} from "@parley/schemas/management/webhooks";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findWebhook } from "./findWebhook";
import { toWebhookSubscription, webhookSubscriptionSelect } from "./toWebhookSubscription";

export const rotateWebhookSecret = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/webhooks/{webhookId}/rotateSecret",
      tags: ["Webhooks"],
      summary: "Rotate a result webhook's signing secret",
      description: `Makes a new signing secret and answers it (\`whsec_…\`) this once; it is stored encrypted. For \`overlapHours\` (default ${DEFAULT_SECRET_OVERLAP_HOURS}, 0 to ${MAX_SECRET_OVERLAP_HOURS}) every delivery carries two signatures in X-Parley-Signature, \`t=…,v1=<new>,v1=<old>\`, so the receiver can switch secrets without losing one; then the old secret is erased. Rotating again during an overlap replaces the older of the two.`,
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      botId: idSchema,
      webhookId: idSchema,
      overlapHours: z
        .number()
        .int()
        .min(0)
        .max(MAX_SECRET_OVERLAP_HOURS)
        .default(DEFAULT_SECRET_OVERLAP_HOURS)
        .meta({ description: "How long deliveries are signed with the replaced secret too." }),
    }),
  )
  .output(z.object({ webhook: webhookSubscriptionSchema, secret: textSchema }))
  .mutation(async ({ ctx, input }) => {
    await findWebhook(ctx.prisma, input.botId, input.webhookId);
    const current = await ctx.prisma.webhookSubscription.findUniqueOrThrow({
      where: { id: input.webhookId },
      select: { secretData: true, secretIv: true },
    });
    const secret = createWebhookSecret();
    let encrypted: ReturnType<typeof encryptWebhookSecret>;
    try {
      encrypted = encryptWebhookSecret(secret, { id: input.webhookId, botId: input.botId });
    } catch (error) {
      if (error instanceof CredentialsConfigurationError)
        ctx.logger.error({ requestId: ctx.requestId }, error.message);
      throw error;
    }
    const overlapMs = input.overlapHours * 3_600_000;
    // The replaced secret keeps its ciphertext: it is bound to the same row.
    const row = await ctx.prisma.webhookSubscription.update({
      where: { id: input.webhookId, secretData: current.secretData },
      data: {
        ...encrypted,
        previousSecretData: overlapMs > 0 ? current.secretData : null,
        previousSecretIv: overlapMs > 0 ? current.secretIv : null,
        previousSecretExpiresAt: overlapMs > 0 ? new Date(Date.now() + overlapMs) : null,
      },
      select: webhookSubscriptionSelect,
    });
    return { webhook: toWebhookSubscription(row), secret };
  });
