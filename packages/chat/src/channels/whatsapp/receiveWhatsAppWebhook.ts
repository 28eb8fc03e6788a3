import { fetchWhatsAppMedia } from "@parley/integrations/messaging/fetchWhatsAppMedia";
import { AppError } from "@parley/platform/errors";
import { jsonResponse, type RequestScope } from "@parley/platform/http/handleWebRequest";
import { parseJsonBody, readLimitedBody } from "@parley/platform/http/readJsonBody";
import type { CredentialsData } from "@parley/schemas/credentials";
import type { ChatRequestContext } from "../../core/chatEndpoint";
import type { ChannelsChatRuntime } from "../channelsRuntime";
import { getMediaFileName } from "../getMediaFileName";
import { type ChannelMessage, handleChannelMessage } from "../handleChannelMessage";
import { createWhatsAppDelivery } from "./createWhatsAppDelivery";
import { readWhatsAppCredentials } from "./readWhatsAppCredentials";
import { verifyWhatsAppSignature } from "./verifyWhatsAppSignature";
import { type WhatsAppInboundMessage, whatsAppWebhookPayloadSchema } from "./whatsAppWebhookPayloadSchema";

const acknowledged = () => jsonResponse({ message: "success" });

/**
 * POST …/whatsapp/{credentialsId}/webhook: Meta's notifications, signed with the app secret,
 * acknowledged once checked. Each text, button/list reply or media message is then one chat turn,
 * answered with Cloud API calls; status updates are ignored. Unknown credentials are acknowledged and logged.
 */
export async function receiveWhatsAppWebhook({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<
  { workspaceId: string; credentialsId: string },
  ChannelsChatRuntime
>): Promise<Response> {
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
    parseJsonBody(rawBody.toString("utf8"), request.headers, { cleanText: true }) ?? {},
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

const mediaTypes = ["image", "audio", "video", "document"] as const;

/**
 * What a WhatsApp message stands for: its text, the id and title of the button or row picked, or
 * its media (image, audio, video, document), fetched through the Graph API only if a file is awaited.
 */
function toChannelContent(
  runtime: ChannelsChatRuntime,
  account: CredentialsData<"whatsApp">,
  message: WhatsAppInboundMessage,
): ChannelMessage["content"] | null {
  if (message.type === "text" && message.text)
    return { type: "text", message: { type: "text", text: message.text.body } };
  const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
  if (message.type === "interactive" && reply)
    return { type: "text", message: { type: "text", text: reply.title, metadata: { replyId: reply.id } } };
  const kind = mediaTypes.find((type) => type === message.type);
  const media = kind && message[kind];
  if (!kind || !media) return null;
  return {
    type: "media",
    media: {
      mimeType: media.mime_type,
      fileName: getMediaFileName(kind, media.mime_type, media.filename),
      caption: media.caption,
      download: (maxBytes) =>
        fetchWhatsAppMedia(account, media.id, {
          graphApiUrl: runtime.channels.whatsAppGraphApiUrl,
          maxBytes,
        }),
    },
  };
}

async function answerMessage(
  runtime: ChannelsChatRuntime,
  scope: RequestScope,
  context: { workspaceId: string; credentialsId: string; account: CredentialsData<"whatsApp"> },
  inbound: WhatsAppInboundMessage,
) {
  const { logger } = scope;
  const { account } = context;
  const content = toChannelContent(runtime, account, inbound);
  if (!content) {
    logger.info(
      { credentialsId: context.credentialsId, type: inbound.type },
      "whatsapp: message type not answered",
    );
    return;
  }
  await handleChannelMessage(
    runtime,
    {
      credentialsId: context.credentialsId,
      workspaceId: context.workspaceId,
      sender: inbound.from,
      messageId: inbound.id,
      content,
      language: { source: "whatsapp" },
      channel: "whatsapp",
    },
    logger,
    createWhatsAppDelivery(runtime, account, inbound.from, logger, {
      workspaceId: context.workspaceId,
      credentialsId: context.credentialsId,
    }),
  ).catch((error: unknown) => {
    // Acknowledged all the same: Meta would deliver it again, and the message id is already taken.
    logger.error({ err: error, credentialsId: context.credentialsId }, "whatsapp: the turn failed");
  });
}
