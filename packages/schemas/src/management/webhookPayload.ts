import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";
import { conversationMessageSchema, conversationSchema } from "./inbox";
import { answerSchema, resultSchema } from "./results";
import { conversationWebhookEvents, webhookEventSchema } from "./webhooks";

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
    event: webhookEventSchema.exclude([...conversationWebhookEvents]),
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

/**
 * The JSON body of a `conversation.*` delivery (docs/inbox.md, "Webhooks"), built by the statement that made the
 * change, so it describes the conversation as it was right after it.
 */
export const conversationWebhookPayloadSchema = z
  .object({
    id: textSchema.meta({
      description:
        "The delivery id (also `X-Parley-Delivery-Id`): the same on every retry, for de-duplication.",
    }),
    event: z.enum(conversationWebhookEvents),
    createdAt: timestampSchema.meta({ description: "When the change happened." }),
    bot: z.object({ id: idSchema, name: textSchema, publicId: textSchema.nullable() }),
    conversation: conversationSchema.meta({
      description:
        "The conversation as GET /conversations/{conversationId} returns it, right after the change.",
    }),
    message: conversationMessageSchema.optional().meta({
      description:
        "On `conversation.message` only: the visitor's or agent's message (internal notes are not sent).",
    }),
    close: z
      .object({
        reason: z.enum(["closed", "timedOut"]).meta({
          description:
            "`closed`: an agent closed it; `timedOut`: nobody took it within the block's pick-up time.",
        }),
        resumed: z.boolean().meta({ description: "Whether the flow went on (true) or the chat ended." }),
      })
      .optional()
      .meta({ description: "On `conversation.closed` only." }),
  })
  .meta({ id: "ConversationWebhookPayload" });
export type ConversationWebhookPayloadBody = z.infer<typeof conversationWebhookPayloadSchema>;
