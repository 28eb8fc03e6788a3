import { getLockPgPool, getPgPool, type Pool } from "@parley/db";
import type { UploadSettings } from "@parley/integrations/files/createUploadStorage";
import {
  type ActivityThrottle,
  createActivityThrottle,
} from "@parley/platform/activity/createActivityThrottle";
import type { RateLimitStore } from "@parley/platform/limits/rateLimits";
import { type ChannelWork, createChannelWork } from "./channels/createChannelWork";
import { createWhatsAppSendRate, type WhatsAppSendRate } from "./channels/whatsapp/createWhatsAppSendRate";
import { chatEnv } from "./env";
import { createFlowStore, type FlowStore } from "./flows/createFlowStore";
import { type ChatRateLimits, createChatRateLimits } from "./limits/chatRateLimits";
import { createPortServices, type PortServices } from "./ports/createPortServices";
import { getUploadSettings } from "./uploads/getUploadSettings";

/** Everything the chat handlers of one process share: pool, caches, rate limits, settings. */
export interface ChatRuntime {
  getPool: () => Pool;
  flows: FlowStore;
  /** Rate limits shared by every process (PostgreSQL, or Redis with REDIS_URL). */
  limits: ChatRateLimits;
  turnTimeoutMs: number;
  /** Without an Idempotency-Key, the previous turn's body sent again within this window is a repeat. */
  repeatWindowMs: number;
  /** Sessions without a sessionExpiryTimeout expire after this long without a turn. */
  sessionIdleMs: number;
  /** The builder mounts the handlers for its preview: its sign-in cookie authenticates there. */
  allowSessionCookie: boolean;
  /** Side effects of the engine's ports (HTTP, sandbox, payments). */
  services: PortServices;
  /** Storage and limits of uploaded files. */
  uploads: UploadSettings;
  /**
   * Messaging channels: where replies go (unset: the operator's WHATSAPP_GRAPH_API_URL and
   * TELEGRAM_API_URL) and the turns running after their webhook was acknowledged.
   */
  channels: {
    whatsAppGraphApiUrl?: string;
    telegramApiUrl?: string;
    /** Pauses before each new try of a reply the platform did not take. */
    sendRetryDelaysMs: readonly number[];
    work: ChannelWork;
    /** Where a conversation's turn holds its lock (a pool of its own: see getLockPgPool). */
    getLockPool: () => Pool;
    /** Waits out typing pauses and send-rate queues (tests record them instead). */
    sleep: (ms: number) => Promise<void>;
    whatsAppSendRate: WhatsAppSendRate;
  };
  /** Long polls of clients waiting for a webhook block's call: how long one is held, how often it reads. */
  webhookListen: { holdMs: number; pollIntervalMs: number };
  now: () => Date;
  /** Which `lastActivityAt` a turn moves (workspace, published bot: at most once a minute each). */
  activity: ActivityThrottle;
}

export interface ChatRuntimeOptions {
  getPool?: () => Pool;
  turnTimeoutMs?: number;
  repeatWindowMs?: number;
  rateLimitsPerMinute?: { startPerIp?: number; startPerKey?: number; turnsPerSession?: number };
  /** Where the limits count (default: the process's store, `getRateLimitStore`). */
  rateLimitStore?: RateLimitStore;
  sessionIdleHours?: number;
  allowSessionCookie?: boolean;
  services?: Partial<PortServices>;
  uploads?: UploadSettings;
  channels?: {
    whatsAppGraphApiUrl?: string;
    telegramApiUrl?: string;
    sendRetryDelaysMs?: readonly number[];
    getLockPool?: () => Pool;
    sleep?: (ms: number) => Promise<void>;
    whatsAppSendRate?: WhatsAppSendRate;
  };
  webhookListen?: { holdMs?: number; pollIntervalMs?: number };
  now?: () => Date;
}

/** A runtime configured from the environment (chat/env.ts), with overrides for tests and mounts. */
export function createChatRuntime(options: ChatRuntimeOptions = {}): ChatRuntime {
  const getPool = options.getPool ?? getPgPool;
  const limits = options.rateLimitsPerMinute ?? {};
  const uploads = options.uploads ?? getUploadSettings();
  const { rateLimitStore } = options;
  const now = options.now ?? (() => new Date());
  return {
    getPool,
    flows: createFlowStore(getPool, {
      maxEntries: chatEnv.CHAT_FLOW_CACHE_ENTRIES,
      maxBytes: chatEnv.CHAT_FLOW_CACHE_MB * 1024 * 1024,
    }),
    limits: createChatRateLimits(
      {
        startPerIp: limits.startPerIp ?? chatEnv.CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE,
        startPerKey: limits.startPerKey ?? chatEnv.CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE,
        turnsPerSession: limits.turnsPerSession ?? chatEnv.CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE,
      },
      rateLimitStore ? () => rateLimitStore : undefined,
    ),
    turnTimeoutMs: options.turnTimeoutMs ?? chatEnv.CHAT_TURN_TIMEOUT_MS,
    repeatWindowMs: options.repeatWindowMs ?? chatEnv.CHAT_REPEAT_WINDOW_MS,
    sessionIdleMs: (options.sessionIdleHours ?? chatEnv.CHAT_SESSION_IDLE_HOURS) * 3_600_000,
    allowSessionCookie: options.allowSessionCookie ?? false,
    services: { ...createPortServices({ uploads }), ...options.services },
    uploads,
    channels: {
      sendRetryDelaysMs: [1_000, 5_000],
      getLockPool: getLockPgPool,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      whatsAppSendRate: createWhatsAppSendRate(chatEnv.WHATSAPP_MESSAGES_PER_SECOND),
      ...options.channels,
      work: createChannelWork(),
    },
    // 25 s stays under the idle timeouts of common proxies; one indexed read a second per waiting client.
    webhookListen: { holdMs: 25_000, pollIntervalMs: 1_000, ...options.webhookListen },
    now,
    activity: createActivityThrottle(() => now().getTime()),
  };
}
