import type { Pool } from "@parley/db";
import type { ChatRuntime } from "../core/chatRuntime";
import { type ChannelWork, createChannelWork } from "./createChannelWork";
import { createWhatsAppSendRate, type WhatsAppSendRate } from "./whatsapp/createWhatsAppSendRate";

/**
 * The messaging channels' slice of the runtime: where replies go (unset: the operator's
 * WHATSAPP_GRAPH_API_URL and TELEGRAM_API_URL) and the turns running after their webhook was acknowledged.
 */
export interface ChannelsRuntime {
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
}

/** The runtime of the channels' handlers: the core's and theirs. */
export type ChannelsChatRuntime = ChatRuntime & ChannelsRuntime;

export interface ChannelsRuntimeOptions {
  whatsAppGraphApiUrl?: string;
  telegramApiUrl?: string;
  sendRetryDelaysMs?: readonly number[];
  getLockPool?: () => Pool;
  sleep?: (ms: number) => Promise<void>;
  whatsAppSendRate?: WhatsAppSendRate;
}

export function createChannelsRuntime(
  options: ChannelsRuntimeOptions,
  defaults: { getLockPool: () => Pool; whatsAppMessagesPerSecond: number },
): ChannelsRuntime {
  return {
    channels: {
      sendRetryDelaysMs: [1_000, 5_000],
      getLockPool: defaults.getLockPool,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      whatsAppSendRate: createWhatsAppSendRate(defaults.whatsAppMessagesPerSecond),
      ...options,
      work: createChannelWork(),
    },
  };
}
