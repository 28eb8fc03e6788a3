// The chat endpoints in the OpenAPI document ({base_url}/api/v1/openapi.json), from the same zod
// schemas the handlers parse with. Served by the viewer: each path item names {chat_url}/api/v1.
import {
  continueChatRequestSchema,
  continueChatResponseSchema,
  previewStartChatRequestSchema,
  startChatRequestSchema,
  startChatResponseSchema,
  updateBotResponseSchema,
} from "@parley/schemas";
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { createUploadRequestSchema, createUploadResponseSchema } from "./handlers/createUpload";

const CHAT_ERRORS = {
  "400": "BAD_REQUEST",
  "401": "UNAUTHORIZED",
  "403": "FORBIDDEN",
  "500": "INTERNAL_SERVER_ERROR",
};

const idempotencyHeaders = z.object({
  "idempotency-key": z.string().max(255).optional().meta({
    description:
      "A retried request with the same key (1-255 visible ASCII characters, e.g. a UUID) gets the first response instead of running again (kept 24 hours). A key reused with another body: IDEMPOTENCY_KEY_REUSED.",
  }),
});

const authText =
  "Authorization: `Bearer <chat key>` (`ck_…`, only this bot's sessions; with `settings.security.allowedOrigins` set, a browser's Origin must be listed and a request without Origin is refused: ORIGIN_NOT_ALLOWED) or `Bearer <API token>` of a member of the bot's workspace.";

function chatOperation(operation: {
  operationId: string;
  summary: string;
  description: string;
  path: z.ZodObject;
  headers?: z.ZodObject;
  request?: z.ZodType;
  response: z.ZodType;
}): ZodOpenApiOperationObject {
  const errors = Object.fromEntries(
    Object.entries(CHAT_ERRORS).map(([status, code]) => [
      status,
      {
        description: code,
        content: { "application/json": { schema: { $ref: `#/components/schemas/error.${code}` } } },
        ...(code === "FORBIDDEN"
          ? {
              headers: z.object({
                "retry-after": z
                  .string()
                  .optional()
                  .meta({ description: "With RATE_LIMITED: seconds to wait." }),
              }),
            }
          : {}),
      },
    ]),
  );
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    tags: ["Chat"],
    security: [{ bearerAuth: [] }],
    requestParams: { path: operation.path, ...(operation.headers ? { header: operation.headers } : {}) },
    ...(operation.request
      ? { requestBody: { required: false, content: { "application/json": { schema: operation.request } } } }
      : {}),
    responses: {
      "200": {
        description: "Successful response",
        content: { "application/json": { schema: operation.response } },
      },
      ...errors,
    },
  };
}

/** Paths of the chat endpoints, relative to /api/v1, served at `chatUrl`. */
export function getChatOpenApiPaths({ chatUrl }: { chatUrl: string }): ZodOpenApiPathsObject {
  const servers = [{ url: new URL("/api/v1", chatUrl).toString(), description: "{chat_url}: the viewer" }];
  const session = z.object({ sessionId: z.string().meta({ description: "From the startChat response" }) });
  return {
    "/bots/{publicId}/startChat": {
      servers,
      post: chatOperation({
        operationId: "startChat",
        summary: "Start a chat",
        description: `Starts a chat session on the bot's published version. ${authText} Issue codes: BOT_NOT_FOUND, BOT_CLOSED (its message is the bot's botClosed text), WORKSPACE_SUSPENDED, CHATS_LIMIT_REACHED, RATE_LIMITED (per client IP and per key, with Retry-After), TURN_TIMEOUT.`,
        path: z.object({ publicId: z.string().meta({ description: "The bot's public id" }) }),
        headers: idempotencyHeaders,
        request: startChatRequestSchema,
        response: startChatResponseSchema,
      }),
    },
    "/sessions/{sessionId}/continueChat": {
      servers,
      post: chatOperation({
        operationId: "continueChat",
        summary: "Continue a chat",
        description: `Sends the next message of a session (a Chat message object, or a bare string). An invalid answer is not an error: the input comes back with the retry message. The same message sent several times at once is stored once and every caller gets the same response; so does a message repeated within 2 s without Idempotency-Key. ${authText} Issue codes: SESSION_NOT_FOUND (unknown or ended), SESSION_EXPIRED, RATE_LIMITED (per session), TURN_TIMEOUT (nothing stored), COMMAND_NOT_FOUND, INVALID_CLIENT_REPLY.`,
        path: session,
        headers: idempotencyHeaders,
        request: continueChatRequestSchema,
        response: continueChatResponseSchema,
      }),
    },
    "/sessions/{sessionId}/updateBot": {
      servers,
      post: chatOperation({
        operationId: "updateBot",
        summary: "Move a session to the bot's latest version",
        description: `Moves the session to the newest published version (a preview session to the current draft), keeping its variables, answers and position; from the start if its block is gone. No body. ${authText} API tokens need the ADMIN or MEMBER role.`,
        path: session,
        response: updateBotResponseSchema,
      }),
    },
    "/bots/{botId}/preview/startChat": {
      servers,
      post: chatOperation({
        operationId: "startPreviewChat",
        summary: "Preview a bot's draft",
        description:
          "Like startChat, on the unpublished draft; nothing is recorded (no result, answers or logs) and `resultId` is null. Authorization: an API token of a member of the bot's workspace (chat keys are refused). The builder serves this endpoint and continueChat/updateBot on {base_url} too, authenticated by its sign-in cookie, for its preview panel.",
        path: z.object({ botId: z.string().meta({ description: "The bot's id" }) }),
        headers: idempotencyHeaders,
        request: previewStartChatRequestSchema,
        response: startChatResponseSchema,
      }),
    },
    "/sessions/{sessionId}/uploads": {
      servers,
      post: chatOperation({
        operationId: "createChatUpload",
        summary: "Upload a file for the current input",
        description: `Allows one file for the input the session waits at (file input, or text input with attachments or voice clips), checked against its allowed types and the size limit. PUT the file to \`uploadUrl\` with \`headers\`, then answer with \`fileUrl\`. ${authText} Issue codes: UPLOAD_NOT_EXPECTED, FILE_TYPE_NOT_ALLOWED, FILE_TOO_LARGE.`,
        path: session,
        request: createUploadRequestSchema,
        response: createUploadResponseSchema,
      }),
    },
    "/sessions/{sessionId}/streamMessage": {
      servers,
      post: streamMessageOperation(session),
    },
  };
}

/** The streamed answer of an AI block: plain text, chunk by chunk (integrations, packages/api/src/integrations/streaming). */
function streamMessageOperation(session: z.ZodObject): ZodOpenApiOperationObject {
  const operation = chatOperation({
    operationId: "streamMessage",
    summary: "Stream an AI answer",
    description: `After a \`stream\` client-side action (sent when \`isStreamEnabled\` is on and the next bubble shows the AI block's answer variable): the answer as a chunked \`text/plain\` body, token by token. The whole text is stored in the session and the result when the provider is done, even if the client leaves; the client then sends it back with continueChat as the action's reply. No body. ${authText} Issue codes: NOT_STREAMING (the session waits for no stream), AI_PROVIDER_ERROR (the provider could not be used; the error is logged on the result).`,
    path: session,
    response: z.string(),
  });
  return {
    ...operation,
    responses: {
      ...operation.responses,
      "200": { description: "The answer, streamed", content: { "text/plain": { schema: z.string() } } },
    },
  };
}
