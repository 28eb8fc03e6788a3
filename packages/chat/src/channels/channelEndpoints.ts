import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { type ChatEndpoint, defineChatEndpoint } from "../core/chatEndpoint";
import type { ChannelsChatRuntime } from "./channelsRuntime";
import { confirmChannelPayment } from "./payments/confirmChannelPayment";
import { receiveTelegramWebhook } from "./telegram/receiveTelegramWebhook";
import { receiveWhatsAppWebhook } from "./whatsapp/receiveWhatsAppWebhook";
import { verifyWhatsAppWebhook } from "./whatsapp/verifyWhatsAppWebhook";

const whatsAppWebhookParams = {
  workspaceId: "The workspace of the credentials",
  credentialsId: "The whatsApp credentials the bots answer on",
};

/** The messaging platforms' webhooks and the confirmation of a payment link's payment. */
export const channelEndpoints: readonly ChatEndpoint<string, ChannelsChatRuntime>[] = [
  defineChatEndpoint({
    method: "GET",
    path: "/workspaces/{workspaceId}/whatsapp/{credentialsId}/webhook",
    hosts: ["viewer"],
    handle: verifyWhatsAppWebhook,
    docs: {
      operationId: "verifyWhatsAppWebhook",
      summary: "WhatsApp webhook verification",
      description:
        "Meta's subscription check (the callback URL and verify token pasted in the Meta app's WhatsApp webhook settings): answers `hub.challenge` as plain text when `hub.mode` is `subscribe` and `hub.verify_token` is the credentials' verifyToken; otherwise (unknown credentials too) FORBIDDEN.",
      params: whatsAppWebhookParams,
      query: z.object({
        "hub.mode": textSchema.meta({ description: "`subscribe`" }),
        "hub.verify_token": textSchema.meta({ description: "The credentials' verifyToken" }),
        "hub.challenge": textSchema.meta({ description: "Echoed back" }),
      }),
      isWithoutBearer: true,
      response: { text: "The challenge" },
    },
  }),
  defineChatEndpoint({
    method: "POST",
    path: "/workspaces/{workspaceId}/whatsapp/{credentialsId}/webhook",
    hosts: ["viewer"],
    handle: receiveWhatsAppWebhook,
    docs: {
      operationId: "receiveWhatsAppWebhook",
      summary: "WhatsApp webhook notifications",
      description:
        "Meta's notifications for the WhatsApp number of the credentials. `X-Hub-Signature-256` must be `sha256=` and the hex HMAC-SHA256 of the raw body with the credentials' appSecret: missing is UNAUTHORIZED (SIGNATURE_MISSING), wrong is FORBIDDEN (SIGNATURE_INVALID), and nothing is changed. Each text message and button or list reply is one turn of the sender's chat (a result like a web chat), answered through the Cloud API after this request is acknowledged; a message id delivered again is not answered again; status updates and other message types are ignored. Unknown credentials, no bot with messaging enabled for the message, a closed bot, a suspended workspace or the chats limit: acknowledged, nothing sent, logged.",
      params: whatsAppWebhookParams,
      headers: z.object({
        "x-hub-signature-256": textSchema.meta({ description: "sha256=<hex HMAC-SHA256 of the raw body>" }),
      }),
      isWithoutBearer: true,
      request: z.looseObject({ object: textSchema, entry: z.array(z.looseObject({})) }),
      response: z.object({ message: z.literal("success") }),
    },
  }),
  defineChatEndpoint({
    method: "POST",
    path: "/workspaces/{workspaceId}/telegram/{credentialsId}/webhook",
    hosts: ["viewer"],
    handle: receiveTelegramWebhook,
    docs: {
      operationId: "receiveTelegramWebhook",
      summary: "Telegram webhook updates",
      description:
        "Telegram's updates for the bot of the credentials (the URL given to setWebhook with the credentials' secretToken as `secret_token`). `X-Telegram-Bot-Api-Secret-Token` must be the credentials' secretToken: missing is UNAUTHORIZED (SECRET_TOKEN_MISSING), wrong is FORBIDDEN (SECRET_TOKEN_INVALID), and nothing is changed. A text message or an inline button press is one turn of the chat's conversation (a result like a web chat), answered through the Bot API after this request is acknowledged (a press is answered with answerCallbackQuery); an update id delivered again is not answered again; other updates are ignored. Unknown credentials, no bot with messaging enabled for the message, a closed bot, a suspended workspace or the chats limit: acknowledged, nothing sent, logged.",
      params: {
        workspaceId: "The workspace of the credentials",
        credentialsId: "The telegram credentials the bots answer on",
      },
      headers: z.object({
        "x-telegram-bot-api-secret-token": textSchema.meta({ description: "The credentials' secretToken" }),
      }),
      isWithoutBearer: true,
      request: z.looseObject({ update_id: z.number().int() }),
      response: z.object({ message: z.literal("success") }),
    },
  }),
  defineChatEndpoint({
    method: "POST",
    path: "/payment-links/{token}/confirm",
    hosts: ["viewer"],
    handle: confirmChannelPayment,
    docs: {
      operationId: "confirmChannelPayment",
      summary: "Confirm a messaging channel's payment",
      description:
        "Called by the pay page (`{chat_url}/pay/{token}`, the link a payment input becomes on WhatsApp and Telegram) once Stripe.js confirmed the payment. No body; the token (signed by the server, naming the session, its payment input and its PaymentIntent, valid until the session's expiry) authorizes it. The PaymentIntent is read from Stripe: only `succeeded`, with the link's amount and currency, answers the payment input, and the bot's next messages are sent to the user on the channel (`confirmed`); a payment already confirmed answers `alreadyConfirmed` and sends nothing. Issue codes (BAD_REQUEST): PAYMENT_LINK_INVALID, PAYMENT_LINK_EXPIRED (or the conversation ended), PAYMENT_NOT_COMPLETED, PAYMENT_MISMATCH, PAYMENT_NOT_VERIFIED (Stripe could not be asked).",
      params: { token: "The token of the payment link" },
      isWithoutBearer: true,
      response: z.object({ status: z.enum(["confirmed", "alreadyConfirmed"]) }),
    },
  }),
];
