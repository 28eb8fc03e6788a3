import { getLockPgPool, getPgPool, type Pool } from "@parley/db";
import type { UploadSettings } from "@parley/integrations/files/createUploadStorage";
import { createActivityThrottle } from "@parley/platform/activity/createActivityThrottle";
import type { RateLimitStore } from "@parley/platform/limits/rateLimits";
import {
  type ChannelsRuntime,
  type ChannelsRuntimeOptions,
  createChannelsRuntime,
} from "./channels/channelsRuntime";
import { withPaymentUrl } from "./channels/payments/withPaymentUrl";
import type { ChatRuntime } from "./core/chatRuntime";
import { chatEnv } from "./core/env";
import { getUploadSettings } from "./core/files/getUploadSettings";
import { createFlowStore } from "./core/flows/createFlowStore";
import { createChatRateLimits } from "./core/limits/chatRateLimits";
import { createPortServices, type PortServices } from "./core/ports/createPortServices";
import { createHandoffRuntime, type HandoffRuntime } from "./handoff/handoffRuntime";
import { createWebhookListenRuntime, type WebhookListenRuntime } from "./listen-webhook/webhookListenRuntime";

/** The core's runtime with every feature's slice: what the endpoint table's handlers are served with. */
export type CompleteChatRuntime = ChatRuntime & ChannelsRuntime & WebhookListenRuntime & HandoffRuntime;

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
  channels?: ChannelsRuntimeOptions;
  webhookListen?: { holdMs?: number; pollIntervalMs?: number };
  /** Session event streams (GET /sessions/{sessionId}/events): heartbeat interval and longest life. */
  sessionEvents?: { heartbeatMs?: number; maxStreamMs?: number };
  now?: () => Date;
}

/** A runtime configured from the environment (core/env.ts), with overrides for tests and mounts. */
export function createChatRuntime(options: ChatRuntimeOptions = {}): CompleteChatRuntime {
  const getPool = options.getPool ?? getPgPool;
  const limits = options.rateLimitsPerMinute ?? {};
  const uploads = options.uploads ?? getUploadSettings();
  const { rateLimitStore } = options;
  const now = options.now ?? (() => new Date());
  const core: ChatRuntime = {
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
    linkPayment: withPaymentUrl,
    now,
    activity: createActivityThrottle(() => now().getTime()),
  };
  return {
    ...core,
    ...createChannelsRuntime(options.channels ?? {}, {
      getLockPool: getLockPgPool,
      getPool,
      whatsAppMessagesPerSecond: chatEnv.WHATSAPP_MESSAGES_PER_SECOND,
      sendRecoverySeconds: chatEnv.CHANNEL_SEND_RECOVERY_SECONDS,
    }),
    ...createWebhookListenRuntime(options.webhookListen ?? {}),
    ...createHandoffRuntime(options.sessionEvents ?? {}),
  };
}
