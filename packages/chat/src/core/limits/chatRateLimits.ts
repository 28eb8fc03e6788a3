import {
  getRateLimitStore,
  type RateLimitRule,
  type RateLimitStore,
} from "@parley/platform/limits/rateLimits";
import { chatErrors } from "../chatErrors";

/** The chat runtime's limits (CHAT_RATE_LIMIT_*), shared by every process through one store. */
export interface ChatRateLimits {
  getStore: () => RateLimitStore;
  rules: Record<ChatLimitName, RateLimitRule>;
}

export type ChatLimitName = "startPerIp" | "startPerKey" | "turnsPerSession";

/** The store names of the chat limits (also forgotten when a workspace or account is deleted). */
export const chatLimitStoreNames: Record<ChatLimitName, string> = {
  startPerIp: "chat.start-per-ip",
  startPerKey: "chat.start-per-key",
  turnsPerSession: "chat.turns-per-session",
};

/** Shortest window, and fewest calls a window holds (small per-minute figures get longer windows). */
const WINDOW_SECONDS = 10;
const MIN_WINDOW_POINTS = 5;

/**
 * A per-minute figure as a fixed window: ten seconds holding a sixth of it (the burst of ten
 * seconds' worth the limits always allowed), or, for figures under 30, the window that holds 5 calls
 * at that rate (6 a minute: 5 per 50 s). 0 turns the limit off.
 */
export function perMinuteRule(name: string, perMinute: number): RateLimitRule {
  if (perMinute <= 0) return { name, points: 0, durationSeconds: WINDOW_SECONDS };
  const durationSeconds = Math.max(WINDOW_SECONDS, Math.ceil((MIN_WINDOW_POINTS * 60) / perMinute));
  return { name, points: Math.max(1, Math.floor((perMinute * durationSeconds) / 60)), durationSeconds };
}

export function createChatRateLimits(
  perMinute: Record<ChatLimitName, number>,
  getStore: () => RateLimitStore = getRateLimitStore,
): ChatRateLimits {
  const rules = {} as Record<ChatLimitName, RateLimitRule>;
  for (const name of Object.keys(chatLimitStoreNames) as ChatLimitName[]) {
    rules[name] = perMinuteRule(chatLimitStoreNames[name], perMinute[name]);
  }
  return { getStore, rules };
}

/** Counts one call of `key` against a limit, or refuses it with RATE_LIMITED and Retry-After. */
export async function enforceRateLimit(limits: ChatRateLimits, limit: ChatLimitName, key: string) {
  const rule = limits.rules[limit];
  if (rule.points <= 0) return;
  const outcome = await limits.getStore().consume({ ...rule, key });
  if (!outcome.allowed) throw chatErrors.rateLimited(outcome.retryAfterSeconds);
}
