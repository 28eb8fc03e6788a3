// Every chat endpoint, declared once: the Next catch-all routes of the viewer and the builder, the
// chat server, path matching and the OpenAPI document of the chat endpoints all read this table.

import type { RequestScope } from "@parley/platform/http/handleWebRequest";
import {
  continueChatRequestSchema,
  continueChatResponseSchema,
  executeWebhookResponseSchema,
  listenForWebhookResponseSchema,
  previewStartChatRequestSchema,
  startChatRequestSchema,
  startChatResponseSchema,
  updateBotResponseSchema,
} from "@parley/schemas";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { receiveTelegramWebhook } from "./channels/telegram/receiveTelegramWebhook";
import { receiveWhatsAppWebhook } from "./channels/whatsapp/receiveWhatsAppWebhook";
import { verifyWhatsAppWebhook } from "./channels/whatsapp/verifyWhatsAppWebhook";
import type { ChatRuntime } from "./createChatRuntime";
import { continueChat } from "./handlers/continueChat";
import { createUpload, createUploadRequestSchema, createUploadResponseSchema } from "./handlers/createUpload";
import { getFile } from "./handlers/getFile";
import { putUpload } from "./handlers/putUpload";
import { startChat } from "./handlers/startChat";
import { startPreviewChat } from "./handlers/startPreviewChat";
import { updateBot } from "./handlers/updateBot";
import { executeTestWebhook } from "./listen-webhook/executeTestWebhook";
import { executeWebhook } from "./listen-webhook/executeWebhook";
import { listenForWebhook } from "./listen-webhook/listenForWebhook";
import { confirmChannelPayment } from "./payments/confirmChannelPayment";
import { streamMessage } from "./streaming/streamMessage";

/** `{chat_url}` (the viewer, and `npm run chat-server`) or `{base_url}` (the builder, sign-in cookie too). */
export type ChatHost = "viewer" | "builder";

/** The `{name}` segments of a path template, as an object of strings. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [Key in Name]: string } & PathParams<Rest>
  : Record<never, string>;

export interface ChatRequestContext<Params = Record<string, string>> {
  request: Request;
  scope: RequestScope;
  runtime: ChatRuntime;
  /** The path parameters, decoded, extracted once by the table's matcher. */
  params: Params;
  /** When the request reached the handler (ms since the epoch, this process's clock). */
  receivedAt: number;
}

export interface ChatEndpointDocs {
  operationId: string;
  summary: string;
  description: string;
  /** Description of each path parameter. */
  params: Record<string, string>;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  /** Also answers NOT_FOUND (404), for records addressed by path (the chat endpoints use BAD_REQUEST issues). */
  answersNotFound?: true;
  /** Authenticated otherwise than by a bearer token (a platform's webhook: a signature or a shared token). */
  isWithoutBearer?: boolean;
  request?: z.ZodType;
  /** A JSON response body, or the description of a `text/plain` one. */
  response: z.ZodType | { text: string };
}

export interface ChatEndpoint<Path extends string = string> {
  method: "GET" | "POST" | "PUT";
  /** Under /api/v1; `{name}` is one path segment handed to the handler as `params.name`. */
  path: Path;
  hosts: readonly ChatHost[];
  // Method syntax: one array holds handlers of different parameter shapes.
  handle(context: ChatRequestContext<PathParams<Path>>): Promise<Response>;
  /** Its operation in the OpenAPI document; none for the URLs the API hands out (upload, file). */
  docs?: ChatEndpointDocs;
}

function endpoint<const Path extends string>(definition: ChatEndpoint<Path>): ChatEndpoint {
  return definition;
}

const bothHosts = ["viewer", "builder"] as const;

const idempotencyHeaders = z.object({
  "idempotency-key": textSchema.max(255).optional().meta({
    description:
      "A retried request with the same key (1-255 visible ASCII characters, e.g. a UUID) gets the first response instead of running again (kept 24 hours). A key reused with another body: IDEMPOTENCY_KEY_REUSED.",
  }),
});

const authText =
  "Authorization: `Bearer <chat key>` (`ck_…`, only this bot's sessions; with `settings.security.allowedOrigins` set, a browser's Origin must be listed and a request without Origin is refused: ORIGIN_NOT_ALLOWED) or `Bearer <API token>` of a member of the bot's workspace.";

const conditionalFieldsText =
  "Fields that do not apply are left out, never null: `input` while the flow waits on one, `lastMessageNewFormat` when the reply was reformatted (a lower-cased e-mail, a formatted date…), `dynamicTheme` when the theme's avatars or background come from variables, `progress` when the progress bar is enabled.";

const sessionParam = { sessionId: "From the startChat response" };

const whatsAppWebhookParams = {
  workspaceId: "The workspace of the credentials",
  credentialsId: "The whatsApp credentials the bots answer on",
};

/** In the order of the OpenAPI document. No two endpoints share a method and path (a path and method match decide the endpoint). */
export const chatEndpoints: readonly ChatEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/bots/{publicId}/startChat",
    hosts: bothHosts,
    handle: startChat,
    docs: {
      operationId: "startChat",
      summary: "Start a chat",
      description: `Starts a chat session on the bot's published version. ${conditionalFieldsText} \`resultId\` is returned when the flow paused (on an input or an action). ${authText} Issue codes: BOT_NOT_FOUND, BOT_CLOSED (its message is the bot's botClosed text), WORKSPACE_SUSPENDED, CHATS_LIMIT_REACHED, RATE_LIMITED (with Retry-After: a chat key per client address and per key, an API token per token only), TURN_TIMEOUT.`,
      params: { publicId: "The bot's public id" },
      headers: idempotencyHeaders,
      request: startChatRequestSchema,
      response: startChatResponseSchema,
    },
  }),
  endpoint({
    method: "POST",
    path: "/sessions/{sessionId}/continueChat",
    hosts: bothHosts,
    handle: continueChat,
    docs: {
      operationId: "continueChat",
      summary: "Continue a chat",
      description: `Sends the next message of a session (a Chat message object, or a bare string). An invalid answer is not an error: the input comes back with the retry message. ${conditionalFieldsText} The same message sent several times at once is stored once and every caller gets the same response; so does a message repeated within 2 s without Idempotency-Key. ${authText} Issue codes: SESSION_NOT_FOUND (unknown or ended), SESSION_EXPIRED, RATE_LIMITED (per session), TURN_TIMEOUT (nothing stored), COMMAND_NOT_FOUND, INVALID_CLIENT_REPLY.`,
      params: sessionParam,
      headers: idempotencyHeaders,
      request: continueChatRequestSchema,
      response: continueChatResponseSchema,
    },
  }),
  endpoint({
    method: "POST",
    path: "/sessions/{sessionId}/updateBot",
    hosts: bothHosts,
    handle: updateBot,
    docs: {
      operationId: "updateBot",
      summary: "Move a session to the bot's latest version",
      description: `Moves the session to the newest published version (a preview session to the current draft), keeping its variables, answers and position; from the start if its block is gone. No body. ${authText} API tokens need the ADMIN or MEMBER role.`,
      params: sessionParam,
      response: updateBotResponseSchema,
    },
  }),
  endpoint({
    method: "POST",
    path: "/bots/{botId}/preview/startChat",
    hosts: bothHosts,
    handle: startPreviewChat,
    docs: {
      operationId: "startPreviewChat",
      summary: "Preview a bot's draft",
      description:
        "Like startChat, on the unpublished draft; nothing is recorded (no result, answers or logs) and the response has no `resultId`. Authorization: an API token of a member of the bot's workspace (chat keys are refused). The builder serves this endpoint and continueChat/updateBot on {base_url} too, authenticated by its sign-in cookie, for its preview panel.",
      params: { botId: "The bot's id" },
      headers: idempotencyHeaders,
      request: previewStartChatRequestSchema,
      response: startChatResponseSchema,
    },
  }),
  endpoint({
    method: "POST",
    path: "/sessions/{sessionId}/uploads",
    hosts: bothHosts,
    handle: createUpload,
    docs: {
      operationId: "createChatUpload",
      summary: "Upload a file for the current input",
      description: `Allows one file for the input the session waits at (file input, or text input with attachments or voice clips), checked against its allowed types and the size limit. PUT the file to \`uploadUrl\` with \`headers\`, then answer with \`fileUrl\`. ${authText} Issue codes: UPLOAD_NOT_EXPECTED, FILE_TYPE_NOT_ALLOWED, FILE_TOO_LARGE.`,
      params: sessionParam,
      request: createUploadRequestSchema,
      response: createUploadResponseSchema,
    },
  }),
  endpoint({
    method: "POST",
    path: "/sessions/{sessionId}/streamMessage",
    hosts: bothHosts,
    handle: streamMessage,
    docs: {
      operationId: "streamMessage",
      summary: "Stream an AI answer",
      description: `After a \`stream\` client-side action (sent when \`isStreamEnabled\` is on and the next bubble shows the AI block's answer variable): the answer as a chunked \`text/plain\` body, token by token. The whole text is stored in the session and the result when the provider is done, even if the client leaves; the client then sends it back with continueChat as the action's reply. No body. ${authText} Issue codes: NOT_STREAMING (the session waits for no stream), AI_PROVIDER_ERROR (the provider could not be used; the error is logged on the result).`,
      params: sessionParam,
      response: { text: "The answer, streamed" },
    },
  }),
  endpoint({
    method: "POST",
    path: "/bots/{publicId}/blocks/{blockId}/results/{resultId}/executeWebhook",
    hosts: bothHosts,
    handle: executeWebhook,
    docs: {
      operationId: "executeWebhook",
      summary: "Call a waiting Webhook block",
      description:
        "Resumes the chat of a result that waits at this Webhook (listen) block: the body (any JSON up to 1 MiB; empty is null) is available to the block's response mapping as `data`, the mapped variables are saved and the flow goes on at once, server-side; the waiting client receives what follows through listenForWebhook. Authorization: `Bearer <API token>` of an ADMIN or MEMBER of the bot's workspace (chat keys, other workspaces and GUESTs: FORBIDDEN). NOT_FOUND issue codes: BOT_NOT_FOUND, RESULT_NOT_FOUND, WEBHOOK_NOT_WAITING (the chat waits elsewhere, has ended or expired, or was already resumed), WEBHOOK_TIMED_OUT (the block's timeout passed; the flow goes on without the call). A body over 1 MiB is BAD_REQUEST with PAYLOAD_TOO_LARGE; one that is not JSON, INVALID_JSON or UNSUPPORTED_CONTENT_TYPE.",
      params: {
        publicId: "The bot's public id",
        blockId: "The Webhook block's id",
        resultId: "The result of the chat (startChat's resultId)",
      },
      answersNotFound: true,
      request: z.unknown().meta({ description: "Any JSON" }),
      response: executeWebhookResponseSchema,
    },
  }),
  endpoint({
    method: "POST",
    path: "/bots/{botId}/blocks/{blockId}/executeTestWebhook",
    hosts: bothHosts,
    handle: executeTestWebhook,
    docs: {
      operationId: "executeTestWebhook",
      summary: "Test call of a Webhook block",
      description:
        "A test call while building: the body (any JSON up to 1 MiB) is kept 10 minutes as the block's last test call, which its settings panel shows so the author can pick paths for the response mapping, and it resumes the newest preview chat waiting at the block, if any (as executeWebhook does for a result). Authorization: `Bearer <API token>` of an ADMIN or MEMBER of the bot's workspace (the builder's sign-in cookie on {base_url}). NOT_FOUND issue codes: BOT_NOT_FOUND, BLOCK_NOT_FOUND (no Webhook block with this id in the draft).",
      params: { botId: "The bot's id", blockId: "The Webhook block's id" },
      answersNotFound: true,
      request: z.unknown().meta({ description: "Any JSON" }),
      response: executeWebhookResponseSchema,
    },
  }),
  endpoint({
    method: "GET",
    path: "/sessions/{sessionId}/listenForWebhook/{listenId}",
    hosts: bothHosts,
    handle: listenForWebhook,
    docs: {
      operationId: "listenForWebhook",
      summary: "Wait for a Webhook block's call",
      description: `After a \`listenForWebhook\` client-side action: a long poll held up to 25 s. \`{status: "resumed", response}\` carries the turn that followed the call (or the block's timeout), shaped like a continueChat response; \`{status: "waiting"}\` means poll again. Once the block's timeout (\`timeoutMinutes\`, default 10) has passed, this request itself runs the flow on without the call (with an info log); so does the next continueChat, which before then does not resume the block. ${authText} Issue codes: LISTEN_NOT_FOUND (the session waits for no such call), SESSION_NOT_FOUND, SESSION_EXPIRED, RATE_LIMITED.`,
      params: { ...sessionParam, listenId: "From the listenForWebhook action" },
      response: listenForWebhookResponseSchema,
    },
  }),
  endpoint({
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
  endpoint({
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
  endpoint({
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
  endpoint({
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
  endpoint({
    method: "PUT",
    path: "/sessions/{sessionId}/uploads/{fileId}/{fileName}",
    hosts: bothHosts,
    handle: putUpload,
  }),
  endpoint({
    method: "GET",
    path: "/files/{visibility}/{workspaceId}/{botId}/{resultFolder}/{fileId}/{fileName}",
    hosts: bothHosts,
    handle: getFile,
  }),
];
