import type { Pool } from "@parley/db";
import { getJobQueue, type JobQueue } from "@parley/db/queue";
import type { ChatRuntime } from "../core/chatRuntime";
import { type ChannelWork, createChannelWork } from "./createChannelWork";
import { createSharedTelegramSendRate, type TelegramSendRate } from "./telegram/createTelegramSendRate";
import { createSharedWhatsAppSendRate, type WhatsAppSendRate } from "./whatsapp/createWhatsAppSendRate";

/**
 * The messaging channels' slice of the runtime: where replies go (unset: the operator's
 * WHATSAPP_GRAPH_API_URL and TELEGRAM_API_URL) and the turns running after their webhook was acknowledged.
 */
export interface ChannelsRuntime {
  channels: {
    whatsAppGraphApiUrl?: string;
    telegramApiUrl?: string;
    /** Pauses before each new try of a reply the platform did not take (in the turn; then the queue's retries). */
    sendRetryDelaysMs: readonly number[];
    /** The queue holding each delivery's durable copy (channel.deliver jobs). */
    getQueue: () => JobQueue;
    /** Seconds a delivery's job waits before another process may send what the turn's process did not. */
    sendRecoverySeconds: number;
    work: ChannelWork;
    /** Where a conversation's turn holds its lock (a pool of its own: see getLockPgPool). */
    getLockPool: () => Pool;
    /** Waits out typing pauses and send-rate queues (tests record them instead). */
    sleep: (ms: number) => Promise<void>;
    /** Meta's throughput and pair rate, shared by the cluster (PostgreSQL). */
    whatsAppSendRate: WhatsAppSendRate;
    /** Telegram's rates per bot and per chat, shared by the cluster (PostgreSQL). */
    telegramSendRate: TelegramSendRate;
  };
}

/** The runtime of the channels' handlers: the core's and theirs. */
export type ChannelsChatRuntime = ChatRuntime & ChannelsRuntime;

export interface ChannelsRuntimeOptions {
  whatsAppGraphApiUrl?: string;
  telegramApiUrl?: string;
  sendRetryDelaysMs?: readonly number[];
  getQueue?: () => JobQueue;
  sendRecoverySeconds?: number;
  getLockPool?: () => Pool;
  sleep?: (ms: number) => Promise<void>;
  whatsAppSendRate?: WhatsAppSendRate;
  telegramSendRate?: TelegramSendRate;
}

export function createChannelsRuntime(
  options: ChannelsRuntimeOptions,
  defaults: {
    getLockPool: () => Pool;
    /** Where the send pacing is reserved (the process's pool). */
    getPool: () => Pool;
    whatsAppMessagesPerSecond: number;
    sendRecoverySeconds: number;
  },
): ChannelsRuntime {
  return {
    channels: {
      sendRetryDelaysMs: [1_000, 5_000],
      getQueue: getJobQueue,
      sendRecoverySeconds: defaults.sendRecoverySeconds,
      getLockPool: defaults.getLockPool,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      whatsAppSendRate: createSharedWhatsAppSendRate(defaults.getPool, defaults.whatsAppMessagesPerSecond),
      telegramSendRate: createSharedTelegramSendRate(defaults.getPool),
      ...options,
      work: createChannelWork(),
    },
  };
}
