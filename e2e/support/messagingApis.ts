import { startLocalGraphApi } from "../../packages/chat/src/testing/startLocalGraphApi";
import { startLocalTelegramBotApi } from "../../packages/chat/src/testing/startLocalTelegramBotApi";

/**
 * The Telegram Bot API and WhatsApp Graph API stand-ins the builder's server is pointed at
 * (TELEGRAM_API_URL, WHATSAPP_GRAPH_API_URL in playwright.config.ts), on their fixed loopback ports:
 * one spec at a time may hold them, so the specs using them run serially.
 */
export async function startMessagingApis() {
  const [botApi, graphApi] = await Promise.all([
    startLocalTelegramBotApi({ port: Number(process.env.E2E_TELEGRAM_API_PORT) }),
    startLocalGraphApi({ port: Number(process.env.E2E_GRAPH_API_PORT) }),
  ]);
  return { botApi, graphApi, close: () => Promise.all([botApi.close(), graphApi.close()]) };
}
