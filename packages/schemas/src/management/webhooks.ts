import { z } from "zod";
import { textSchema } from "../text";
import { httpUrlSchema, idSchema, timestampSchema } from "./common";

/** The inbox's events (docs/inbox.md, "Webhooks"). */
export const conversationWebhookEvents = [
  "conversation.waiting",
  "conversation.assigned",
  "conversation.message",
  "conversation.closed",
] as const;
export type ConversationWebhookEvent = (typeof conversationWebhookEvents)[number];

/** What a result webhook can be told about (docs/integrations.md, "Result webhooks"; docs/inbox.md, "Webhooks"). */
export const webhookEvents = [
  "result.created",
  "answer.created",
  "result.completed",
  ...conversationWebhookEvents,
] as const;
export const webhookEventSchema = z.enum(webhookEvents).meta({ id: "WebhookEvent" });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Subscriptions a bot may hold. */
export const MAX_WEBHOOKS_PER_BOT = 20;

/** Where deliveries go: an http(s) URL; where it may point is checked when it is used (outbound rules). */
export const webhookUrlSchema = httpUrlSchema.meta({ example: "https://hooks.example.com/parley" });

export const newWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(webhookEventSchema)
    .min(1, "Pick at least one event")
    .refine((events) => new Set(events).size === events.length, "An event is listed twice"),
});

/** PATCH /bots/{botId}/webhooks/{webhookId}: the fields to change, the others stay. */
export const webhookPatchSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: newWebhookSchema.shape.events.optional(),
  enabled: z.boolean().optional().meta({
    description: "false: no new deliveries, and its pending ones fail at once; true: deliveries resume.",
  }),
});

/** How long deliveries stay signed with the replaced secret too, after a rotation. */
export const DEFAULT_SECRET_OVERLAP_HOURS = 24;
export const MAX_SECRET_OVERLAP_HOURS = 168;

export const webhookSubscriptionSchema = z
  .object({
    id: idSchema,
    botId: idSchema,
    url: textSchema,
    events: z.array(webhookEventSchema),
    enabled: z.boolean(),
    previousSecretExpiresAt: timestampSchema.nullable().meta({
      description:
        "After a secret rotation: until when deliveries carry a signature made with the replaced secret too (null: one secret).",
    }),
    createdAt: timestampSchema,
  })
  .meta({ id: "WebhookSubscription" });
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

export const webhookDeliveryStatusSchema = z.enum(["PENDING", "DELIVERED", "FAILED"]);

export const webhookDeliverySchema = z
  .object({
    id: textSchema.meta({ description: "Also sent as X-Parley-Delivery-Id and as `id` in the body." }),
    event: z.enum([...webhookEvents, "ping"]).meta({ description: "`ping`: a test delivery (no result)." }),
    resultId: idSchema.nullable(),
    redeliveryOf: textSchema
      .nullable()
      .meta({ description: "A redelivery: the delivery whose body it sends again." }),
    status: webhookDeliveryStatusSchema.meta({
      description: "PENDING: not delivered yet (retried); DELIVERED: a 2xx answer; FAILED: given up.",
    }),
    attempts: z.number().int(),
    responseCode: z.number().int().nullable().meta({ description: "The last attempt's HTTP status." }),
    error: textSchema.nullable().meta({ description: "Why the last attempt failed, when it did." }),
    createdAt: timestampSchema,
    lastAttemptAt: timestampSchema.nullable(),
    nextAttemptAt: timestampSchema
      .nullable()
      .meta({ description: "The earliest time a pending delivery is tried next (the queue adds jitter)." }),
    deliveredAt: timestampSchema.nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
