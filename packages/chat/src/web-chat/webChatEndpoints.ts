import {
  continueChatRequestSchema,
  continueChatResponseSchema,
  previewStartChatRequestSchema,
  startChatRequestSchema,
  startChatResponseSchema,
  updateBotResponseSchema,
} from "@parley/schemas";
import { textSchema } from "@parley/schemas/text";
import { bothHosts, type ChatEndpoint, defineChatEndpoint, viewerHost } from "../core/chatEndpoint";
import { authText, idempotencyHeaders, sessionParam, typebotAuthText } from "../core/endpointDocs";
import { continueChat } from "./continueChat";
import { clientLogsRequestSchema, clientLogsResponseSchema, saveClientLogs } from "./saveClientLogs";
import { startChat, startTypebotChat } from "./startChat";
import { startPreviewChat, startTypebotPreviewChat } from "./startPreviewChat";
import { updateBot } from "./updateBot";

/** Typebot's start response: ours with `typebot` (and its schema `version`) in place of `bot`. */
const typebotStartChatResponseSchema = startChatResponseSchema
  .omit({ bot: true })
  .extend({ typebot: startChatResponseSchema.shape.bot.extend({ version: textSchema }) });

const conditionalFieldsText =
  "Fields that do not apply (`input`, `lastMessageNewFormat`, `dynamicTheme`, `progress`) are left out, never null.";

/** A chat over HTTP: start (published or draft), continue, move to the latest version. */
export const webChatEndpoints: readonly ChatEndpoint[] = [
  defineChatEndpoint({
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
  defineChatEndpoint({
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
  defineChatEndpoint({
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
  defineChatEndpoint({
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
  defineChatEndpoint({
    method: "POST",
    path: "/typebots/{publicId}/startChat",
    hosts: bothHosts,
    handle: startTypebotChat,
    docs: {
      operationId: "typebotStartChat",
      summary: "Start a chat (Typebot's path)",
      description:
        "startChat for Typebot's web client: the response has `typebot` where ours has `bot`, and client-side actions after no bubble leave `lastBubbleBlockId` out. Without Authorization only for a published bot whose public share is on, in a workspace whose Typebot compatibility is on (else UNAUTHORIZED, issue CHAT_KEY_REQUIRED); its `allowedOrigins` and the per-address limits apply, and the session is continued on continueChat without a key. With a chat key or an API token, as startChat.",
      params: { publicId: "The bot's public id" },
      headers: idempotencyHeaders,
      request: startChatRequestSchema,
      response: typebotStartChatResponseSchema,
    },
  }),
  defineChatEndpoint({
    method: "POST",
    path: "/typebots/{botId}/preview/startChat",
    hosts: bothHosts,
    handle: startTypebotPreviewChat,
    docs: {
      operationId: "typebotStartPreviewChat",
      summary: "Preview a bot's draft (Typebot's path)",
      description:
        "startPreviewChat in Typebot's shape, behind the same sign-in (never keyless); Typebot's `typebot` body field is ignored.",
      params: { botId: "The bot's id" },
      headers: idempotencyHeaders,
      request: previewStartChatRequestSchema,
      response: typebotStartChatResponseSchema,
    },
  }),
  defineChatEndpoint({
    method: "POST",
    path: "/sessions/{sessionId}/clientLogs",
    apiVersion: "v2",
    hosts: viewerHost,
    handle: saveClientLogs,
    docs: {
      operationId: "typebotSaveClientLogs",
      summary: "Store the web client's logs (Typebot's path)",
      description: `Stores what the client reports (up to 20 logs) as logs of the session's result; nothing for a preview. ${typebotAuthText}`,
      params: sessionParam,
      request: clientLogsRequestSchema,
      response: clientLogsResponseSchema,
    },
  }),
];
