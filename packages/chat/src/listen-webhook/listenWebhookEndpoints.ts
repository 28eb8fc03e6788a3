import { executeWebhookResponseSchema, listenForWebhookResponseSchema } from "@parley/schemas";
import { z } from "zod";
import { bothHosts, type ChatEndpoint, defineChatEndpoint } from "../core/chatEndpoint";
import { authText, sessionParam } from "../core/endpointDocs";
import { executeTestWebhook } from "./executeTestWebhook";
import { executeWebhook } from "./executeWebhook";
import { listenForWebhook } from "./listenForWebhook";
import type { WebhookListenChatRuntime } from "./webhookListenRuntime";

/** A Webhook block the server waits on: its calls (live and test) and the client's long poll. */
export const listenWebhookEndpoints: readonly ChatEndpoint<string, WebhookListenChatRuntime>[] = [
  defineChatEndpoint({
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
  defineChatEndpoint({
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
  defineChatEndpoint({
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
];
