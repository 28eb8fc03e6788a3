import type { TextChannelMessage } from "@parley/schemas";

export interface TelegramCall {
  method: "sendMessage" | "sendPhoto" | "sendVideo" | "sendAudio" | "sendDocument";
  body: Record<string, unknown>;
}

// The Bot API's limits: message text, media caption.
const TEXT_LENGTH = 4096;
const CAPTION_LENGTH = 1024;

const cut = (text: string, length: number) =>
  text.length <= length ? text : `${text.slice(0, length - 1)}…`;

const mediaMethods = {
  image: ["sendPhoto", "photo"],
  video: ["sendVideo", "video"],
  audio: ["sendAudio", "audio"],
  file: ["sendDocument", "document"],
} as const;

/**
 * Bot API calls for a text channel's rendering: the attachment by URL (captioned with the text when
 * there are no choices), then the text with the choices as an inline keyboard, one button a row (as
 * text lines when several may be picked).
 */
export function toTelegramCalls(message: TextChannelMessage, chatId: string): TelegramCall[] {
  const calls: TelegramCall[] = [];
  let text = message.text.trim();
  const choices = message.choices ?? [];
  if (message.media) {
    const [method, field] = mediaMethods[message.media.kind];
    const caption = choices.length === 0 && text ? cut(text, CAPTION_LENGTH) : undefined;
    if (caption !== undefined) text = "";
    calls.push({
      method,
      body: { chat_id: chatId, [field]: message.media.url, ...(caption !== undefined ? { caption } : {}) },
    });
  }
  if (choices.length > 0 && message.isMultipleChoice) {
    // A button sends one option: several are written, one line each.
    const lines = choices.map((choice) => `- ${choice.label}`).join("\n");
    calls.push({
      method: "sendMessage",
      body: { chat_id: chatId, text: cut(`${text}\n${lines}`, TEXT_LENGTH) },
    });
  } else if (choices.length > 0) {
    calls.push({
      method: "sendMessage",
      body: {
        chat_id: chatId,
        text: cut(text || "…", TEXT_LENGTH),
        reply_markup: {
          inline_keyboard: choices.map((choice) => [{ text: choice.label, callback_data: choice.id }]),
        },
      },
    });
  } else if (text) {
    calls.push({ method: "sendMessage", body: { chat_id: chatId, text: cut(text, TEXT_LENGTH) } });
  }
  return calls;
}
