import { sendWhatsAppMessage } from "@parley/integrations/messaging/sendWhatsAppMessage";
import { AppError } from "@parley/platform/errors";
import { jsonResponse, type RequestScope } from "@parley/platform/http/handleWebRequest";
import { parseJsonBody, readLimitedBody } from "@parley/platform/http/readJsonBody";
import { type ChatMessage, defaultSystemMessages } from "@parley/schemas";
import type { CredentialsData } from "@parley/schemas/credentials";
import type { ChatRequestContext } from "../../chatEndpoints";
import type { ChatRuntime } from "../../createChatRuntime";
import { handleChannelMessage } from "../handleChannelMessage";
import { logUndeliveredReply } from "../logUndeliveredReply";
import { sendWithRetry } from "../sendWithRetry";
import { toTextChannelMessages } from "../toTextChannelMessages";
import { readWhatsAppCredentials } from "./readWhatsAppCredentials";
import { toWhatsAppMessages } from "./toWhatsAppMessages";
import { verifyWhatsAppSignature } from "./verifyWhatsAppSignature";
import { type WhatsAppInboundMessage, whatsAppWebhookPayloadSchema } from "./whatsAppWebhookPayloadSchema";

const acknowledged = () => jsonResponse({ message: "success" });

/**
 * POST …/whatsapp/{credentialsId}/webhook: Meta's notifications, signed with the app secret,
 * acknowledged once checked. Each text or button/list reply is then one chat turn, answered with
 * Cloud API calls; status updates are ignored. Unknown credentials are acknowledged and logged.
 */
export async function receiveWhatsAppWebhook({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<{ workspaceId: string; credentialsId: string }>): Promise<Response> {
  const rawBody = await readLimitedBody(request);
  const credentials = await readWhatsAppCredentials(params);
  if (!credentials.ok) {
    scope.logger.warn(
      { credentialsId: params.credentialsId, reason: credentials.error },
      "whatsapp: notification ignored",
    );
    return acknowledged();
  }
  const signature = verifyWhatsAppSignature(
    rawBody,
    request.headers.get("x-hub-signature-256"),
    credentials.data.appSecret,
  );
  if (signature === "missing")
    throw new AppError("UNAUTHORIZED", [
      { message: "X-Hub-Signature-256 is missing", code: "SIGNATURE_MISSING", path: ["X-Hub-Signature-256"] },
    ]);
  if (signature === "invalid")
    throw new AppError("FORBIDDEN", [
      {
        message: "X-Hub-Signature-256 is not the HMAC-SHA256 of the body with the app secret",
        code: "SIGNATURE_INVALID",
        path: ["X-Hub-Signature-256"],
      },
    ]);
  const payload = whatsAppWebhookPayloadSchema.parse(
    parseJsonBody(rawBody.toString("utf8"), request.headers) ?? {},
  );
  const messages: WhatsAppInboundMessage[] = [];
  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      if (change.field !== "messages") continue;
      const phoneNumberId = change.value.metadata?.phone_number_id;
      if (phoneNumberId && phoneNumberId !== credentials.data.phoneNumberId) {
        scope.logger.warn(
          { credentialsId: params.credentialsId, phoneNumberId },
          "whatsapp: another number's notification ignored",
        );
        continue;
      }
      messages.push(...(change.value.messages ?? []));
    }
  }
  // Meta wants its answer within seconds whatever the flow does: the turns run after it.
  const context = { ...params, account: credentials.data };
  runtime.channels.work.run(async () => {
    for (const message of messages) await answerMessage(runtime, scope, context, message);
  }, scope.logger);
  return acknowledged();
}

/** The chat message a WhatsApp message stands for: its text, or the id and title of the button or row picked. */
function toChatMessage(message: WhatsAppInboundMessage): (ChatMessage & { type: "text" }) | null {
  if (message.type === "text" && message.text) return { type: "text", text: message.text.body };
  const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
  if (message.type === "interactive" && reply)
    return { type: "text", text: reply.title, metadata: { replyId: reply.id } };
  return null;
}

async function answerMessage(
  runtime: ChatRuntime,
  scope: RequestScope,
  context: { workspaceId: string; credentialsId: string; account: CredentialsData<"whatsApp"> },
  inbound: WhatsAppInboundMessage,
) {
  const { logger } = scope;
  const message = toChatMessage(inbound);
  if (!message) {
    logger.info(
      { credentialsId: context.credentialsId, type: inbound.type },
      "whatsapp: message type not answered",
    );
    return;
  }
  const turn = await handleChannelMessage(
    runtime,
    {
      credentialsId: context.credentialsId,
      workspaceId: context.workspaceId,
      sender: inbound.from,
      messageId: inbound.id,
      message,
    },
    logger,
  ).catch((error: unknown) => {
    // Acknowledged all the same: Meta would deliver it again, and the message id is already taken.
    logger.error({ err: error, credentialsId: context.credentialsId }, "whatsapp: the turn failed");
    return null;
  });
  if (!turn) return;
  const listButtonLabel =
    turn.settings.general?.systemMessages?.messagingPictureChoiceSelectLabel ??
    defaultSystemMessages.messagingPictureChoiceSelectLabel;
  for (const rendered of toTextChannelMessages(turn.response)) {
    for (const outbound of toWhatsAppMessages(rendered, { listButtonLabel })) {
      const sent = await sendWithRetry(
        () =>
          sendWhatsAppMessage(context.account, inbound.from, outbound, {
            graphApiUrl: runtime.channels.whatsAppGraphApiUrl,
          }),
        runtime.channels.sendRetryDelaysMs,
      );
      if (!sent.ok) await logUndeliveredReply(turn, { channel: "WhatsApp", error: sent.error }, logger);
    }
  }
}
