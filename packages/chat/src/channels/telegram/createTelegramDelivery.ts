import { callTelegramBotApi } from "@parley/integrations/messaging/callTelegramBotApi";
import type { Logger } from "@parley/platform/logger";
import type { ChannelsChatRuntime } from "../channelsRuntime";
import type { ChannelTurn } from "../channelTurn";
import { deliverChannelTurn } from "../deliverChannelTurn";
import { logUndeliveredReply } from "../logUndeliveredReply";
import { sendWithRetry } from "../sendWithRetry";
import { toTelegramCalls } from "./toTelegramCalls";

/** A Bot API call whose failure is only logged (typing signals, button acknowledgements). */
export function createTelegramCaller(
  runtime: ChannelsChatRuntime,
  account: { credentialsId: string; botToken: string },
  logger: Logger,
) {
  return async (method: string, body: Record<string, unknown>) => {
    const sent = await callTelegramBotApi(account.botToken, method, body, {
      apiUrl: runtime.channels.telegramApiUrl,
    });
    if (!sent.ok)
      logger.error({ credentialsId: account.credentialsId, error: sent.error }, "telegram: call failed");
  };
}

/**
 * Sends a turn's replies to one Telegram chat as Bot API calls, "typing…" shown during the pauses,
 * each tried again on a passing failure, a refused one logged on the result.
 */
export function createTelegramDelivery(
  runtime: ChannelsChatRuntime,
  account: { credentialsId: string; botToken: string },
  chatId: string,
  logger: Logger,
): (turn: ChannelTurn) => Promise<void> {
  const call = createTelegramCaller(runtime, account, logger);
  const apiUrl = runtime.channels.telegramApiUrl;
  return (turn) =>
    deliverChannelTurn(runtime, turn, {
      // Shown until the next message is sent (or 5 s).
      showTyping: () => call("sendChatAction", { chat_id: chatId, action: "typing" }),
      send: async (rendered) => {
        for (const { method, body } of toTelegramCalls(rendered, chatId)) {
          const sent = await sendWithRetry(
            () => callTelegramBotApi(account.botToken, method, body, { apiUrl }),
            runtime.channels.sendRetryDelaysMs,
          );
          if (!sent.ok) await logUndeliveredReply(turn, { channel: "Telegram", error: sent.error }, logger);
        }
      },
    });
}
