import {
  continueChatRequestSchema,
  continueChatResponseSchema,
  previewStartChatRequestSchema,
  startChatRequestSchema,
  startChatResponseSchema,
  updateBotResponseSchema,
} from "@parley/schemas";
import { bothHosts, type ChatEndpoint, defineChatEndpoint } from "../core/chatEndpoint";
import { authText, idempotencyHeaders, sessionParam } from "../core/endpointDocs";
import { continueChat } from "./continueChat";
import { startChat } from "./startChat";
import { startPreviewChat } from "./startPreviewChat";
import { updateBot } from "./updateBot";

const conditionalFieldsText =
  "Fields that do not apply are left out, never null: `input` while the flow waits on one, `lastMessageNewFormat` when the reply was reformatted (a lower-cased e-mail, a formatted date…), `dynamicTheme` when the theme's avatars or background come from variables, `progress` when the progress bar is enabled.";

/** A chat over HTTP: start (published or draft), continue, move to the latest version. */
export const webChatEndpoints: readonly ChatEndpoint[] = [
  defineChatEndpoint({
    method: "POST",
    path: "/bots/{publicId}/startChat",
    hosts: bothHosts,
    handle: startChat,
    docs: {
      operationId: "startChat",
      isInBaseDocument: true,
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
      isInBaseDocument: true,
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
      isInBaseDocument: true,
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
      isInBaseDocument: true,
      summary: "Preview a bot's draft",
      description:
        "Like startChat, on the unpublished draft; nothing is recorded (no result, answers or logs) and the response has no `resultId`. Authorization: an API token of a member of the bot's workspace (chat keys are refused). The builder serves this endpoint and continueChat/updateBot on {base_url} too, authenticated by its sign-in cookie, for its preview panel.",
      params: { botId: "The bot's id" },
      headers: idempotencyHeaders,
      request: previewStartChatRequestSchema,
      response: startChatResponseSchema,
    },
  }),
];
