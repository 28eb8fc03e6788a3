import { z } from "zod";

const chatSchema = z.looseObject({ id: z.union([z.number(), z.string()]) });
/** The sender: only the IETF language tag of the user's Telegram client is read (docs/languages.md). */
const userSchema = z.looseObject({ language_code: z.string().max(64).optional() });
const inlineKeyboardSchema = z.looseObject({
  inline_keyboard: z.array(
    z.array(z.looseObject({ text: z.string(), callback_data: z.string().optional() })),
  ),
});

/** A file of a message (document, audio, video, voice; a photo's sizes): its id, to fetch with getFile. */
const telegramFileSchema = z.looseObject({
  file_id: z.string().min(1).max(512),
  file_unique_id: z.string().optional(),
  file_size: z.number().int().min(0).optional(),
  file_name: z.string().max(255).optional(),
  mime_type: z.string().max(255).optional(),
});

/** Telegram's `Update`: only what the channel reads is checked, the rest is let through. */
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      message_id: z.number().int(),
      chat: chatSchema,
      from: userSchema.optional(),
      text: z.string().optional(),
      /** The text's special parts (commands, mentions, links…), in UTF-16 code units. */
      entities: z
        .array(z.looseObject({ type: z.string(), offset: z.number().int(), length: z.number().int() }))
        .optional(),
      caption: z.string().optional(),
      /** The sizes of one photo, smallest first. */
      photo: z.array(telegramFileSchema).optional(),
      document: telegramFileSchema.optional(),
      audio: telegramFileSchema.optional(),
      video: telegramFileSchema.optional(),
      voice: telegramFileSchema.optional(),
    })
    .optional(),
  callback_query: z
    .looseObject({
      id: z.string(),
      from: userSchema.optional(),
      data: z.string().optional(),
      message: z.looseObject({ chat: chatSchema, reply_markup: inlineKeyboardSchema.optional() }).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
