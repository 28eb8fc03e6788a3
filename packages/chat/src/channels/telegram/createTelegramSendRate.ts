import type { Pool } from "@parley/db";
import { type ReservedSendSlot, reserveSendSlot } from "@parley/db/queries/reserveSendSlots";

/**
 * Telegram's documented limits (Bot API FAQ): about 30 messages a second per bot, one a second in
 * one chat ("short bursts" allowed) and 20 a minute in one group. The bursts let a turn of a few
 * messages through at once while a sustained stream is spaced out.
 */
export const TELEGRAM_RATES = {
  perBot: { perSecond: 30, burst: 30 },
  perChat: { perMinute: 60, burst: 20 },
  perGroup: { perMinute: 20, burst: 20 },
} as const;

export interface TelegramSendRate {
  /** Milliseconds to wait before sending one more message from bot `credentialsId` to `chatId` (0: now). */
  reserve(credentialsId: string, chatId: string): Promise<number>;
}

/** Telegram's limits for the whole cluster, reserved in PostgreSQL like WhatsApp's (reserveSendSlots). */
export function createSharedTelegramSendRate(
  getPool: () => Pool,
): TelegramSendRate & { reserveSlot(credentialsId: string, chatId: string): Promise<ReservedSendSlot> } {
  const reserveSlot = (credentialsId: string, chatId: string) => {
    // Group and channel chats have negative ids.
    const chat = chatId.startsWith("-") ? TELEGRAM_RATES.perGroup : TELEGRAM_RATES.perChat;
    return reserveSendSlot(getPool(), [
      {
        key: `telegram:${credentialsId}`,
        intervalMs: 1_000 / TELEGRAM_RATES.perBot.perSecond,
        burst: TELEGRAM_RATES.perBot.burst,
      },
      {
        key: `telegram:${credentialsId}:${chatId}`,
        intervalMs: 60_000 / chat.perMinute,
        burst: chat.burst,
      },
    ]);
  };
  return {
    reserveSlot,
    reserve: async (credentialsId, chatId) => (await reserveSlot(credentialsId, chatId)).waitMs,
  };
}
