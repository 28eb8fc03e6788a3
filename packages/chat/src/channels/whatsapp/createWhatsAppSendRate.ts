import type { Pool } from "@parley/db";
import { type ReservedSendSlot, reserveSendSlot } from "@parley/db/queries/reserveSendSlots";
import { createRateLimiter } from "../../core/limits/createRateLimiter";

/** Meta's pair rate: about one message every 6 s to one user, short bursts allowed. */
export const WHATSAPP_PAIR_RATE = { perMinute: 10, burst: 20 } as const;

export interface WhatsAppSendRate {
  /** Milliseconds to wait before sending one more message from `phoneNumberId` to `to` (0: now). */
  reserve(phoneNumberId: string, to: string): number | Promise<number>;
}

/**
 * WhatsApp's send limits for the whole cluster: the same rates as createWhatsAppSendRate, reserved in
 * PostgreSQL (one row per number and per number and user, one statement per send), so every chat server
 * and viewer sending from one number together stay within Meta's throughput and pair rate.
 */
export function createSharedWhatsAppSendRate(
  getPool: () => Pool,
  perSecond: number,
): WhatsAppSendRate & { reserveSlot(phoneNumberId: string, to: string): Promise<ReservedSendSlot> } {
  const reserveSlot = (phoneNumberId: string, to: string) =>
    reserveSendSlot(getPool(), [
      { key: `whatsApp:${phoneNumberId}`, intervalMs: 1_000 / perSecond, burst: perSecond },
      {
        key: `whatsApp:${phoneNumberId}:${to}`,
        intervalMs: 60_000 / WHATSAPP_PAIR_RATE.perMinute,
        burst: WHATSAPP_PAIR_RATE.burst,
      },
    ]);
  return {
    reserveSlot,
    reserve: async (phoneNumberId, to) => (await reserveSlot(phoneNumberId, to)).waitMs,
  };
}

/**
 * WhatsApp's send limits, in this process only (tests pace with their own clock): `perSecond` messages a second per business phone number
 * (Meta's default throughput is 80) with a burst of one second's worth, and the pair rate to one
 * user, whose burst of 20 lets a turn of a few messages through at once while a sustained stream
 * is spaced 6 s apart. Sends wait their turn rather than being dropped.
 */
export function createWhatsAppSendRate(
  perSecond: number,
  now: () => number = Date.now,
): { reserve(phoneNumberId: string, to: string): number } {
  const perPhone = createRateLimiter(perSecond * 60, now, { burst: perSecond });
  const perPair = createRateLimiter(WHATSAPP_PAIR_RATE.perMinute, now, { burst: WHATSAPP_PAIR_RATE.burst });
  return {
    reserve: (phoneNumberId, to) =>
      Math.max(perPhone.reserve(phoneNumberId), perPair.reserve(`${phoneNumberId}:${to}`)),
  };
}
