import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";
import { answerSchema, resultSchema } from "./results";
import { webhookEventSchema } from "./webhooks";

/**
 * The JSON body of a result-webhook delivery (docs/integrations.md, "Result webhooks"), as described in the
 * API document's `webhooks`. The chat runtime builds it (`@parley/chat/webhooks/buildWebhookPayload`).
 */
export const webhookPayloadSchema = z
  .object({
    id: textSchema.meta({
      description:
        "The delivery id (also `X-Parley-Delivery-Id`): the same on every retry, for de-duplication.",
    }),
    event: webhookEventSchema,
    createdAt: timestampSchema.meta({ description: "When the event happened." }),
    bot: z.object({ id: idSchema, name: textSchema, publicId: textSchema.nullable() }),
    result: resultSchema.meta({ description: "The result as GET /bots/{botId}/results lists it." }),
    values: z.record(textSchema, textSchema).meta({
      description: 'The results table\'s row: "Submitted at", then one cell per column, by header.',
    }),
    answer: answerSchema.optional().meta({ description: "On `answer.created` only: the new answer." }),
  })
  .meta({ id: "WebhookPayload" });
export type WebhookPayloadBody = z.infer<typeof webhookPayloadSchema>;
