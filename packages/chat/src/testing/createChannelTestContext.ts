import { afterAll, beforeAll } from "vitest";
import type { ChatRuntimeOptions } from "../createChatRuntime";
import { createTestChat } from "./chatFixtures";
import { startLocalGraphApi } from "./startLocalGraphApi";
import { startLocalStripeApi } from "./startLocalStripeApi";
import { startLocalTelegramBotApi } from "./startLocalTelegramBotApi";

type LocalGraphApi = Awaited<ReturnType<typeof startLocalGraphApi>>;
type LocalTelegramBotApi = Awaited<ReturnType<typeof startLocalTelegramBotApi>>;
type LocalStripeApi = Awaited<ReturnType<typeof startLocalStripeApi>>;
type TestChat = ReturnType<typeof createTestChat>;

export interface ChannelTestApis {
  graph: LocalGraphApi;
  botApi: LocalTelegramBotApi;
  stripe: LocalStripeApi;
}

export interface ChannelTestContext extends ChannelTestApis {
  chat: TestChat["chat"];
  runtime: TestChat["runtime"];
}

/**
 * The set-up of a messaging channel test file: starts the local platform APIs it names (WhatsApp's
 * Graph API, Telegram's Bot API, Stripe) before its tests and closes them after, and gives it a test
 * chat (`createTestChat`) whose channels call them, built from `chat` (other runtime options, given the
 * started APIs) unless `chat` is false. The returned fields are readable once the tests run.
 */
export function createChannelTestContext(options: {
  apis: { whatsApp?: boolean; telegram?: boolean; stripe?: boolean };
  chat?: false | ((apis: ChannelTestApis) => ChatRuntimeOptions);
}): ChannelTestContext {
  const started: Partial<ChannelTestContext> = {};
  beforeAll(async () => {
    const [graph, botApi, stripe] = await Promise.all([
      options.apis.whatsApp ? startLocalGraphApi() : undefined,
      options.apis.telegram ? startLocalTelegramBotApi() : undefined,
      options.apis.stripe ? startLocalStripeApi() : undefined,
    ]);
    Object.assign(started, { graph, botApi, stripe });
    if (options.chat === false) return;
    const runtimeOptions = options.chat?.(context) ?? {};
    Object.assign(
      started,
      createTestChat({
        ...runtimeOptions,
        channels: {
          ...(graph ? { whatsAppGraphApiUrl: graph.url } : {}),
          ...(botApi ? { telegramApiUrl: botApi.url } : {}),
          ...runtimeOptions.channels,
        },
      }),
    );
  });
  afterAll(async () => {
    await Promise.all([started.graph?.close(), started.botApi?.close(), started.stripe?.close()]);
  });
  const read = <K extends keyof ChannelTestContext>(key: K): ChannelTestContext[K] => {
    const value = started[key];
    if (value === undefined)
      throw new Error(`createChannelTestContext: no ${key} (not started, or not asked for)`);
    return value as ChannelTestContext[K];
  };
  const context: ChannelTestContext = {
    get graph() {
      return read("graph");
    },
    get botApi() {
      return read("botApi");
    },
    get stripe() {
      return read("stripe");
    },
    get chat() {
      return read("chat");
    },
    get runtime() {
      return read("runtime");
    },
  };
  return context;
}
