import { callTelegramBotApi } from "@parley/integrations/messaging/callTelegramBotApi";
import type { Logger } from "@parley/platform/logger";
import type { ChannelsChatRuntime } from "../channelsRuntime";
import type { ChannelTurn } from "../channelTurn";
import { toDeliverySteps } from "../deliverChannelTurn";
import { type DeliverySender, deliverDurably } from "../durableDelivery";
import { logUndeliveredReply } from "../logUndeliveredReply";
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

/** How a delivery reaches one Telegram chat: Bot API calls, "typing…" shown during the pauses. */
export function createTelegramSender(
  runtime: ChannelsChatRuntime,
  account: { credentialsId: string; botToken: string },
  chatId: string,
  logger: Logger,
): DeliverySender {
  const call = createTelegramCaller(runtime, account, logger);
  const apiUrl = runtime.channels.telegramApiUrl;
  return {
    // Shown until the next message is sent (or 5 s).
    showTyping: () => call("sendChatAction", { chat_id: chatId, action: "typing" }),
    pace: async () => {
      // Telegram's rates per bot and per chat, shared by the cluster's processes: the send waits its turn.
      const wait = await runtime.channels.telegramSendRate.reserve(account.credentialsId, chatId);
      if (wait > 0) await runtime.channels.sleep(wait);
    },
    send: ({ method, body }) => callTelegramBotApi(account.botToken, method, body, { apiUrl }),
  };
}

/**
 * Sends a turn's replies to one Telegram chat as Bot API calls, durably (durableDelivery.ts): each
 * tried again on a passing failure, a refused one logged on the result.
 */
export function createTelegramDelivery(
  runtime: ChannelsChatRuntime,
  account: { workspaceId: string; credentialsId: string; botToken: string },
  chatId: string,
  logger: Logger,
): (turn: ChannelTurn) => Promise<void> {
  const { workspaceId, credentialsId } = account;
  return async (turn) => {
    const steps = toDeliverySteps(turn, (rendered) => toTelegramCalls(rendered, chatId));
    await deliverDurably(
      runtime,
      {
        channel: "telegram",
        workspaceId,
        credentialsId,
        to: chatId,
        botId: turn.botId,
        resultId: turn.resultId,
        steps,
      },
      createTelegramSender(runtime, account, chatId, logger),
      (error) => logUndeliveredReply(turn, { channel: "Telegram", error }, logger),
      logger,
    );
  };
}
