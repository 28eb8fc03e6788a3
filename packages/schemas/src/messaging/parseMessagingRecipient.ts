import type { MessagingChannel } from "./getMessagingWebhookUrl";

// E.164: a country code and at most 15 digits in all.
const WHATSAPP_NUMBER = /^\+?(\d{7,15})$/;
// A user's or group's numeric id (supergroups and channels are -100…), or a public channel's @username.
const TELEGRAM_CHAT_ID = /^-?\d{1,20}$|^@[A-Za-z][A-Za-z0-9_]{3,31}$/;

export const messagingRecipientHints: Record<MessagingChannel, string> = {
  whatsApp: "Enter a WhatsApp number in international format, country code first (e.g. +33 6 12 34 56 78).",
  telegram: "Enter a Telegram chat id (digits, e.g. 123456789; -100… for a group) or a channel's @username.",
};

/**
 * The recipient of a message sent from the builder, as the platform takes it (a WhatsApp number as
 * digits only, spaces, dots, dashes and brackets dropped), or null when it cannot be one.
 */
export function parseMessagingRecipient(channel: MessagingChannel, value: string): string | null {
  const trimmed = value.trim();
  if (channel === "telegram") return TELEGRAM_CHAT_ID.test(trimmed) ? trimmed : null;
  const match = WHATSAPP_NUMBER.exec(trimmed.replace(/[\s().-]/g, ""));
  return match?.[1] ?? null;
}
