import { sendWhatsAppMessage } from "@parley/integrations/messaging/sendWhatsAppMessage";
import type { Logger } from "@parley/platform/logger";
import type { CredentialsData } from "@parley/schemas/credentials";
import type { ChannelsChatRuntime } from "../channelsRuntime";
import type { ChannelTurn } from "../channelTurn";
import { toDeliverySteps } from "../deliverChannelTurn";
import { type DeliverySender, deliverDurably } from "../durableDelivery";
import { logUndeliveredReply } from "../logUndeliveredReply";
import { getListButtonLabel, toWhatsAppMessages } from "./toWhatsAppMessages";

/** How a delivery reaches one WhatsApp user: Cloud API messages, within Meta's throughput and pair rate. */
export function createWhatsAppSender(
  runtime: ChannelsChatRuntime,
  account: CredentialsData<"whatsApp">,
  to: string,
): DeliverySender {
  return {
    pace: async () => {
      // Meta's throughput and pair rate, shared by the cluster's processes: the send waits its turn.
      const wait = await runtime.channels.whatsAppSendRate.reserve(account.phoneNumberId, to);
      if (wait > 0) await runtime.channels.sleep(wait);
    },
    send: (call) =>
      sendWhatsAppMessage(account, to, call.body as Parameters<typeof sendWhatsAppMessage>[2], {
        graphApiUrl: runtime.channels.whatsAppGraphApiUrl,
      }),
  };
}

/**
 * Sends a turn's replies to one WhatsApp user as Cloud API messages, durably (durableDelivery.ts):
 * each tried again on a passing failure, a refused one logged on the result.
 */
export function createWhatsAppDelivery(
  runtime: ChannelsChatRuntime,
  account: CredentialsData<"whatsApp">,
  to: string,
  logger: Logger,
  ids: { workspaceId: string; credentialsId: string },
): (turn: ChannelTurn) => Promise<void> {
  return async (turn) => {
    const listButtonLabel = getListButtonLabel(turn.settings, turn.response.language);
    const steps = toDeliverySteps(turn, (rendered) =>
      toWhatsAppMessages(rendered, { listButtonLabel }).map((outbound) => ({
        method: "messages",
        body: outbound as unknown as Record<string, unknown>,
      })),
    );
    await deliverDurably(
      runtime,
      { channel: "whatsApp", ...ids, to, botId: turn.botId, resultId: turn.resultId, steps },
      createWhatsAppSender(runtime, account, to),
      (error) => logUndeliveredReply(turn, { channel: "WhatsApp", error }, logger),
      logger,
    );
  };
}
