import { createRateLimiter } from "../../core/limits/createRateLimiter";

/** Meta's pair rate: about one message every 6 s to one user, short bursts allowed. */
export const WHATSAPP_PAIR_RATE = { perMinute: 10, burst: 20 } as const;

export interface WhatsAppSendRate {
  /** Milliseconds to wait before sending one more message from `phoneNumberId` to `to` (0: now). */
  reserve(phoneNumberId: string, to: string): number;
}

/**
 * WhatsApp's send limits, in this process: `perSecond` messages a second per business phone number
 * (Meta's default throughput is 80) with a burst of one second's worth, and the pair rate to one
 * user, whose burst of 20 lets a turn of a few messages through at once while a sustained stream
 * is spaced 6 s apart. Sends wait their turn rather than being dropped.
 */
export function createWhatsAppSendRate(perSecond: number, now: () => number = Date.now): WhatsAppSendRate {
  const perPhone = createRateLimiter(perSecond * 60, now, { burst: perSecond });
  const perPair = createRateLimiter(WHATSAPP_PAIR_RATE.perMinute, now, { burst: WHATSAPP_PAIR_RATE.burst });
  return {
    reserve: (phoneNumberId, to) =>
      Math.max(perPhone.reserve(phoneNumberId), perPair.reserve(`${phoneNumberId}:${to}`)),
  };
}
