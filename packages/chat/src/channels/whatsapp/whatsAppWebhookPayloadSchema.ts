import { z } from "zod";

const whatsAppInboundMessageSchema = z.looseObject({
  from: z.string().min(1).max(64),
  id: z.string().min(1).max(256),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.looseObject({ body: z.string() }).optional(),
  interactive: z
    .looseObject({
      type: z.string(),
      button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
    })
    .optional(),
});
export type WhatsAppInboundMessage = z.infer<typeof whatsAppInboundMessageSchema>;

/** Meta's webhook notification: only what the channel reads is checked, the rest is let through. */
export const whatsAppWebhookPayloadSchema = z.looseObject({
  object: z.string(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string(),
              value: z.looseObject({
                metadata: z.looseObject({ phone_number_id: z.string() }).optional(),
                contacts: z
                  .array(
                    z.looseObject({
                      wa_id: z.string(),
                      profile: z.looseObject({ name: z.string() }).optional(),
                    }),
                  )
                  .optional(),
                messages: z.array(whatsAppInboundMessageSchema).optional(),
                statuses: z.array(z.unknown()).optional(),
              }),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
export type WhatsAppWebhookPayload = z.infer<typeof whatsAppWebhookPayloadSchema>;
