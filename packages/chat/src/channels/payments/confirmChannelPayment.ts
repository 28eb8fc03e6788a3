import { AppError } from "@parley/platform/errors";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import type { Logger } from "@parley/platform/logger";
import type { ChatRequestContext } from "../../core/chatEndpoint";
import type { ChannelsChatRuntime } from "../channelsRuntime";
import type { ChannelTurn } from "../channelTurn";
import { handleChannelMessage } from "../handleChannelMessage";
import { createTelegramDelivery } from "../telegram/createTelegramDelivery";
import { readTelegramCredentials } from "../telegram/readTelegramCredentials";
import { createWhatsAppDelivery } from "../whatsapp/createWhatsAppDelivery";
import { readWhatsAppCredentials } from "../whatsapp/readWhatsAppCredentials";
import { type DuePayment, readDuePayment } from "./readDuePayment";

const refuse = (code: string, message: string) =>
  new AppError("BAD_REQUEST", [{ message, code, path: ["token"] }]);

const linkRefusals = {
  PAYMENT_LINK_INVALID: "This payment link is not valid",
  PAYMENT_LINK_EXPIRED: "This payment link has expired",
} as const;

/**
 * POST /api/v1/payment-links/{token}/confirm: the pay page, once Stripe.js confirmed. The PaymentIntent
 * is read from Stripe: only a `succeeded` one of the link's amount and currency answers the session's
 * payment input, in a turn of its conversation like a message (same lock and order), whose replies go
 * to the user on the channel. The intent's id is the turn's message id, so a second call sends nothing.
 */
export async function confirmChannelPayment({
  runtime,
  scope,
  params,
}: ChatRequestContext<{ token: string }, ChannelsChatRuntime>): Promise<Response> {
  const due = await readDuePayment(runtime, params.token);
  if (!due.ok) throw refuse(due.reason, linkRefusals[due.reason]);
  const { link, conversation } = due;
  const read = await runtime.services.retrievePaymentIntent({
    workspaceId: link.workspaceId,
    credentialsId: link.credentialsId,
    isPreview: false,
    paymentIntentId: link.paymentIntentId,
  });
  if (!read.ok) throw refuse("PAYMENT_NOT_VERIFIED", read.error);
  const { intent } = read;
  if (
    intent.id !== link.paymentIntentId ||
    intent.amount !== link.amount ||
    intent.currency !== link.currency
  )
    throw refuse("PAYMENT_MISMATCH", "The payment is not the one this link asks for");
  if (intent.status !== "succeeded")
    throw refuse("PAYMENT_NOT_COMPLETED", `The payment has not succeeded (its status is ${intent.status})`);
  if (!due.isDue) return jsonResponse({ status: "alreadyConfirmed" });
  const deliver = await getChannelDelivery(runtime, due, scope.logger);
  // The flow's next messages go out like a webhook's turn: after the answer, tracked for shutdown.
  runtime.channels.work.run(
    () =>
      handleChannelMessage(
        runtime,
        {
          credentialsId: conversation.credentialsId,
          workspaceId: link.workspaceId,
          sender: conversation.sender,
          messageId: `payment:${intent.id}`,
          content: { type: "text", message: { type: "text", text: intent.id } },
          verifiedPayment: { sessionId: link.sessionId, blockId: link.blockId },
        },
        scope.logger,
        deliver,
      ),
    scope.logger,
  );
  return jsonResponse({ status: "confirmed" });
}

/** How the conversation's replies are sent: its channel's delivery, with its credentials. */
async function getChannelDelivery(
  runtime: ChannelsChatRuntime,
  due: Extract<DuePayment, { ok: true }>,
  logger: Logger,
): Promise<(turn: ChannelTurn) => Promise<void>> {
  const { credentialsId, sender, channel } = due.conversation;
  const params = { workspaceId: due.link.workspaceId, credentialsId };
  if (channel === "whatsApp") {
    const credentials = await readWhatsAppCredentials(params);
    if (credentials.ok) return createWhatsAppDelivery(runtime, credentials.data, sender, logger, params);
  } else if (channel === "telegram") {
    const credentials = await readTelegramCredentials(params);
    if (credentials.ok)
      return createTelegramDelivery(
        runtime,
        { ...params, botToken: credentials.data.botToken },
        sender,
        logger,
      );
  }
  logger.warn({ credentialsId }, "messaging: the conversation's credentials cannot be read");
  throw refuse("PAYMENT_LINK_EXPIRED", linkRefusals.PAYMENT_LINK_EXPIRED);
}
