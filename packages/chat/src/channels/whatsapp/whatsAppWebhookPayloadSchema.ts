import { z } from "zod";

/** An image, audio, video or document of an inbound message: its media id, to fetch through the Graph API. */
const whatsAppInboundMediaSchema = z.looseObject({
  id: z.string().min(1).max(256),
  mime_type: z.string().max(255).default("application/octet-stream"),
  sha256: z.string().optional(),
  caption: z.string().max(4_096).optional(),
  /** Documents only: the name the sender's file had. */
  filename: z.string().max(255).optional(),
});

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
  image: whatsAppInboundMediaSchema.optional(),
  audio: whatsAppInboundMediaSchema.optional(),
  video: whatsAppInboundMediaSchema.optional(),
  document: whatsAppInboundMediaSchema.optional(),
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
