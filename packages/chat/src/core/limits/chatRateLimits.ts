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

/** A limit's state after a call, as the RateLimit-* response headers tell it. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
  windowSeconds: number;
}

/** Per request (its scope object): the state of the limit nearest to refusing it, for its answer's headers. */
const requestLimitStates = new WeakMap<object, RateLimitState>();

/**
 * Headers of draft-ietf-httpapi-ratelimit-headers-06: the window's quota, the calls left in it, the
 * seconds until it ends, and the policy (`<quota>;w=<window seconds>`).
 */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "ratelimit-limit": String(state.limit),
    "ratelimit-remaining": String(state.remaining),
    "ratelimit-reset": String(state.resetSeconds),
    "ratelimit-policy": `${state.limit};w=${state.windowSeconds}`,
  };
}

/** The RateLimit-* headers a request earned from the limits it was counted against, if any. */
export function readRateLimitState(scope: object): RateLimitState | undefined {
  return requestLimitStates.get(scope);
}

/**
 * Counts one call of `key` against a limit, or refuses it with RATE_LIMITED, Retry-After and the
 * RateLimit-* headers. An allowed call's state is kept for the answer's headers (the limit with the
 * fewest calls left when a request is counted against several), from what the store already answered.
 */
export async function enforceRateLimit(
  limits: ChatRateLimits,
  limit: ChatLimitName,
  key: string,
  scope: object,
) {
  const rule = limits.rules[limit];
  if (rule.points <= 0) return;
  const outcome = await limits.getStore().consume({ ...rule, key });
  if (!outcome.allowed) {
    throw chatErrors.rateLimited(
      outcome.retryAfterSeconds,
      rateLimitHeaders({
        limit: rule.points,
        remaining: 0,
        resetSeconds: outcome.retryAfterSeconds,
        windowSeconds: rule.durationSeconds,
      }),
    );
  }
  if (outcome.remaining === undefined || outcome.resetSeconds === undefined) return;
  const previous = requestLimitStates.get(scope);
  if (previous && previous.remaining <= outcome.remaining) return;
  requestLimitStates.set(scope, {
    limit: rule.points,
    remaining: outcome.remaining,
    resetSeconds: outcome.resetSeconds,
    windowSeconds: rule.durationSeconds,
  });
}
