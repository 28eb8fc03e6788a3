import { z } from "zod";

const chatSchema = z.looseObject({ id: z.union([z.number(), z.string()]) });
const inlineKeyboardSchema = z.looseObject({
  inline_keyboard: z.array(
    z.array(z.looseObject({ text: z.string(), callback_data: z.string().optional() })),
  ),
});

/** Telegram's `Update`: only what the channel reads is checked, the rest is let through. */
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      message_id: z.number().int(),
      chat: chatSchema,
      text: z.string().optional(),
    })
    .optional(),
  callback_query: z
    .looseObject({
      id: z.string(),
      data: z.string().optional(),
      message: z.looseObject({ chat: chatSchema, reply_markup: inlineKeyboardSchema.optional() }).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
