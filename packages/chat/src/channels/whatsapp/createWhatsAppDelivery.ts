import { sendWhatsAppMessage } from "@parley/integrations/messaging/sendWhatsAppMessage";
import type { Logger } from "@parley/platform/logger";
import type { CredentialsData } from "@parley/schemas/credentials";
import type { ChannelsChatRuntime } from "../channelsRuntime";
import type { ChannelTurn } from "../channelTurn";
import { deliverChannelTurn } from "../deliverChannelTurn";
import { logUndeliveredReply } from "../logUndeliveredReply";
import { sendWithRetry } from "../sendWithRetry";
import { getListButtonLabel, toWhatsAppMessages } from "./toWhatsAppMessages";

/**
 * Sends a turn's replies to one WhatsApp user as Cloud API messages: within Meta's throughput and
 * pair rate, each tried again on a passing failure, a refused one logged on the result.
 */
export function createWhatsAppDelivery(
  runtime: ChannelsChatRuntime,
  account: CredentialsData<"whatsApp">,
  to: string,
  logger: Logger,
): (turn: ChannelTurn) => Promise<void> {
  return async (turn) => {
    const listButtonLabel = getListButtonLabel(turn.settings);
    await deliverChannelTurn(runtime, turn, {
      send: async (rendered) => {
        for (const outbound of toWhatsAppMessages(rendered, { listButtonLabel })) {
          // Meta's throughput and pair rate: the send waits its turn.
          const wait = runtime.channels.whatsAppSendRate.reserve(account.phoneNumberId, to);
          if (wait > 0) await runtime.channels.sleep(wait);
          const sent = await sendWithRetry(
            () =>
              sendWhatsAppMessage(account, to, outbound, {
                graphApiUrl: runtime.channels.whatsAppGraphApiUrl,
              }),
            runtime.channels.sendRetryDelaysMs,
          );
          if (!sent.ok) await logUndeliveredReply(turn, { channel: "WhatsApp", error: sent.error }, logger);
        }
      },
    });
  };
}
