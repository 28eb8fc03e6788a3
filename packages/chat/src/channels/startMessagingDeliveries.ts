import type { Logger } from "@parley/platform/logger";
import type { ChannelsChatRuntime } from "./channelsRuntime";
import { startChannelDeliveries } from "./durableDelivery";
import { logUndeliveredReply } from "./logUndeliveredReply";
import { createTelegramSender } from "./telegram/createTelegramDelivery";
import { readTelegramCredentials } from "./telegram/readTelegramCredentials";
import { createWhatsAppSender } from "./whatsapp/createWhatsAppDelivery";
import { readWhatsAppCredentials } from "./whatsapp/readWhatsAppCredentials";

/**
 * This process's share of the queued messaging deliveries (replies a dead process or a refusing
 * platform left unsent), each with its channel's credentials read again. Returns the stop function.
 */
export function startMessagingDeliveries(runtime: ChannelsChatRuntime, logger: Logger): () => void {
  return startChannelDeliveries(runtime, logger, async (delivery) => {
    const params = { workspaceId: delivery.workspaceId, credentialsId: delivery.credentialsId };
    const turn = { botId: delivery.botId, resultId: delivery.resultId };
    if (delivery.channel === "whatsApp") {
      const credentials = await readWhatsAppCredentials(params);
      if (!credentials.ok) return null;
      return {
        sender: createWhatsAppSender(runtime, credentials.data, delivery.to),
        onRefused: (error) => logUndeliveredReply(turn, { channel: "WhatsApp", error }, logger),
      };
    }
    const credentials = await readTelegramCredentials(params);
    if (!credentials.ok) return null;
    const account = { credentialsId: delivery.credentialsId, botToken: credentials.data.botToken };
    return {
      sender: createTelegramSender(runtime, account, delivery.to, logger),
      onRefused: (error) => logUndeliveredReply(turn, { channel: "Telegram", error }, logger),
    };
  });
}
