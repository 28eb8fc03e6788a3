import { startLocalGraphApi } from "./startLocalGraphApi";
import { startLocalTelegramBotApi } from "./startLocalTelegramBotApi";

/**
 * The local WhatsApp Cloud API and Telegram Bot API servers (loopback), with the runtime pointed at them through
 * WHATSAPP_GRAPH_API_URL and TELEGRAM_API_URL. Called from `vi.hoisted` (dynamically imported), so the variables are
 * set before the modules under test read them.
 */
export async function startLocalMessagingApis() {
  const servers = { graphApi: await startLocalGraphApi(), botApi: await startLocalTelegramBotApi() };
  // biome-ignore lint/style/noProcessEnv: the test process's settings, read by the runtime as an operator's would be
  process.env.WHATSAPP_GRAPH_API_URL = servers.graphApi.url;
  // biome-ignore lint/style/noProcessEnv: as above
  process.env.TELEGRAM_API_URL = servers.botApi.url;
  return servers;
}
