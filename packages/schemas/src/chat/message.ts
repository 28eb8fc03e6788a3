import { z } from "zod";
import { audioBubbleBlockSchema } from "../bot/blocks/bubbles/audio";
import { textBubbleBlockSchema } from "../bot/blocks/bubbles/text";
import { textSchema } from "../text";

/** Longest text a client may send in one message. */
export const maxMessageTextLength = 10_000;

/** A user's message carries the wire type of the bubble kind it would be shown as. */
export const textMessageSchema = z
  .object({
    type: textBubbleBlockSchema.shape.type,
    text: textSchema.max(maxMessageTextLength),
    /** `replyId`: id of the choice item or card path the user clicked. */
    metadata: z.object({ replyId: textSchema.optional() }).optional(),
    attachedFileUrls: z.array(textSchema).max(50).optional(),
  })
  .meta({ id: "UserTextMessage" });
export const audioMessageSchema = z
  .object({ type: audioBubbleBlockSchema.shape.type, url: textSchema })
  .meta({ id: "UserAudioMessage" });
export const commandMessageSchema = z
  .object({ type: z.literal("command"), command: textSchema.min(1) })
  .meta({ id: "UserCommandMessage" });

/** A message sent by the chat client. */
export const chatMessageSchema = z
  .discriminatedUnion("type", [textMessageSchema, audioMessageSchema, commandMessageSchema])
  .meta({ id: "UserMessage", description: "A message of the user: a reply, a voice message or a command." });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** `message` of the chat requests: the object above or, for compatibility, a bare string (a text message). */
export const chatRequestMessageSchema = z.union([
  textSchema
    .max(maxMessageTextLength)
    .transform((text): ChatMessage => ({ type: textMessageSchema.shape.type.value, text })),
  chatMessageSchema,
]);
