import type { FormattedBlock, TextChannelMessage } from "@parley/schemas";
import { fitFormattedText } from "../formatted-text/fitFormattedText";
import { getMessageBlocks, toChoiceLines } from "../formatted-text/getMessageBlocks";
import { toTelegramHtml, toTelegramPlainText } from "../formatted-text/toTelegramHtml";

export interface TelegramCall {
  method: "sendMessage" | "sendPhoto" | "sendVideo" | "sendAudio" | "sendDocument";
  body: Record<string, unknown>;
}

// The Bot API's limits (characters shown, after HTML parsing): message text, media caption.
const TEXT_LENGTH = 4096;
const CAPTION_LENGTH = 1024;

const mediaMethods = {
  image: ["sendPhoto", "photo"],
  video: ["sendVideo", "video"],
  audio: ["sendAudio", "audio"],
  file: ["sendDocument", "document"],
} as const;

/**
 * Blocks as a Bot API text, cut to `limit` characters shown: formatted text as HTML with `parse_mode`
 * when it holds marks, links, lists or characters HTML escapes; plain text (prompts) as it is.
 */
function toTelegramText(
  blocks: FormattedBlock[],
  limit: number,
  isFormatted: boolean,
): { text: string; parse_mode?: "HTML" } {
  const plain = fitFormattedText(blocks, limit, (all) => {
    const text = toTelegramPlainText(all);
    return { text, length: text.length };
  });
  if (!isFormatted) return { text: plain };
  const html = fitFormattedText(blocks, limit, (all) => ({
    text: toTelegramHtml(all),
    length: toTelegramPlainText(all).length,
  }));
  return html === plain ? { text: plain } : { text: html, parse_mode: "HTML" };
}

/**
 * Bot API calls for a text channel's rendering: the attachment by URL, captioned with the text (and
 * carrying the choices' inline keyboard) when it fits a caption; else the text with the choices as
 * an inline keyboard, one button a row; the options of a multiple choice as numbered lines; a link as
 * a button that opens it.
 */
export function toTelegramCalls(message: TextChannelMessage, chatId: string): TelegramCall[] {
  const calls: TelegramCall[] = [];
  const blocks = getMessageBlocks(message);
  const isFormatted = Boolean(message.formatted);
  const choices = message.choices ?? [];
  const isKeyboard = (choices.length > 0 && !message.isMultipleChoice) || Boolean(message.link);
  const keyboard = isKeyboard
    ? {
        reply_markup: {
          inline_keyboard: [
            ...(message.isMultipleChoice
              ? []
              : choices.map((choice) => [{ text: choice.label, callback_data: choice.id }])),
            ...(message.link ? [[{ text: message.link.label, url: message.link.url }]] : []),
          ],
        },
      }
    : {};
  if (message.media && !message.isMultipleChoice) {
    const [method, field] = mediaMethods[message.media.kind];
    const caption = blocks.length ? toTelegramText(blocks, CAPTION_LENGTH, isFormatted) : undefined;
    calls.push({
      method,
      body: {
        chat_id: chatId,
        [field]: message.media.url,
        ...(caption
          ? { caption: caption.text, ...(caption.parse_mode ? { parse_mode: caption.parse_mode } : {}) }
          : {}),
        ...keyboard,
      },
    });
    return calls;
  }
  if (message.media) {
    const [method, field] = mediaMethods[message.media.kind];
    calls.push({ method, body: { chat_id: chatId, [field]: message.media.url } });
  }
  if (choices.length > 0 && message.isMultipleChoice) {
    // A button sends one option: several are written, numbered, and named by number in the reply.
    calls.push({
      method: "sendMessage",
      body: {
        chat_id: chatId,
        ...toTelegramText([...blocks, toChoiceLines(choices, true)], TEXT_LENGTH, isFormatted),
      },
    });
  } else if (isKeyboard) {
    const text = blocks.length ? toTelegramText(blocks, TEXT_LENGTH, isFormatted) : { text: "…" };
    calls.push({ method: "sendMessage", body: { chat_id: chatId, ...text, ...keyboard } });
  } else if (blocks.length) {
    calls.push({
      method: "sendMessage",
      body: { chat_id: chatId, ...toTelegramText(blocks, TEXT_LENGTH, isFormatted) },
    });
  }
  return calls;
}
