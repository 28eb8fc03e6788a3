// The chat endpoints in the OpenAPI document (merged into /api/v1/openapi.json by the REST
// mount): generated from the same zod schemas the handlers parse with.
import {
  continueChatRequestSchema,
  continueChatResponseSchema,
  errorBodySchema,
  errorHttpStatuses,
  errorMessages,
  previewStartChatRequestSchema,
  startChatRequestSchema,
  startChatResponseSchema,
  updateBotResponseSchema,
} from "@parley/schemas";
import { type ZodType, z } from "zod";
import { createUploadRequestSchema, createUploadResponseSchema } from "./handlers/createUpload";

const CHAT_ERRORS = ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"] as const;

const jsonSchema = (schema: ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;

const idempotencyKeyParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "A retried request with the same key (any 1-255 visible ASCII characters, e.g. a UUID) gets the first response instead of running again; within 24 hours. A key reused with another body is refused (IDEMPOTENCY_KEY_REUSED).",
  schema: { type: "string", maxLength: 255 },
};

function pathParameter(name: string, description: string) {
  return { name, in: "path", required: true, description, schema: { type: "string" } };
}

function operation(options: {
  operationId: string;
  summary: string;
  description: string;
  parameters: object[];
  request?: ZodType;
  response: ZodType;
}) {
  const errorResponses = Object.fromEntries(
    CHAT_ERRORS.map((code) => [
      String(errorHttpStatuses[code]),
      {
        description: `${code}: ${errorMessages[code]}`,
        content: { "application/json": { schema: jsonSchema(errorBodySchema, "output") } },
      },
    ]),
  );
  return {
    post: {
      operationId: options.operationId,
      summary: options.summary,
      description: options.description,
      tags: ["Chat"],
      security: [{ Authorization: [] }],
      parameters: options.parameters,
      ...(options.request
        ? {
            requestBody: {
              required: false,
              content: { "application/json": { schema: jsonSchema(options.request, "input") } },
            },
          }
        : {}),
      responses: {
        "200": {
          description: "Successful response",
          content: { "application/json": { schema: jsonSchema(options.response, "output") } },
        },
        ...errorResponses,
      },
    },
  };
}

const authText =
  "Authorization: `Bearer <chat key>` (`ck_…`, the bot's public key: only this bot's sessions; with `settings.security.allowedOrigins` set, browsers' Origin must be listed and a request without Origin is refused) or `Bearer <API token>` of a member of the bot's workspace.";

/** Paths of the chat endpoints on {chat_url}, keyed like an OpenAPI `paths` object. */
export function getChatOpenApiPaths(): Record<string, unknown> {
  return {
    "/bots/{publicId}/startChat": operation({
      operationId: "startChat",
      summary: "Start a chat",
      description: `Starts a chat session on the bot's published version (on {chat_url}). ${authText} Issue codes: BOT_NOT_FOUND, BOT_CLOSED (message = the bot's botClosed text), WORKSPACE_SUSPENDED, CHATS_LIMIT_REACHED, RATE_LIMITED (with Retry-After; per client IP and per key), ORIGIN_NOT_ALLOWED, TURN_TIMEOUT.`,
      parameters: [pathParameter("publicId", "The bot's public id"), idempotencyKeyParameter],
      request: startChatRequestSchema,
      response: startChatResponseSchema,
    }),
    "/sessions/{sessionId}/continueChat": operation({
      operationId: "continueChat",
      summary: "Continue a chat",
      description: `Sends the next reply of a session (a Chat message object, or a bare string). An invalid answer is not an error: the response repeats the input with the retry message. The same reply sent twice concurrently is stored once and both callers get the same response. ${authText} Issue codes: SESSION_NOT_FOUND (unknown or ended), SESSION_EXPIRED, RATE_LIMITED (per session), TURN_TIMEOUT (the session stays as it was), COMMAND_NOT_FOUND, INVALID_CLIENT_REPLY.`,
      parameters: [pathParameter("sessionId", "From the startChat response"), idempotencyKeyParameter],
      request: continueChatRequestSchema,
      response: continueChatResponseSchema,
    }),
    "/sessions/{sessionId}/updateBot": operation({
      operationId: "updateBot",
      summary: "Update a session's bot",
      description: `Moves the session to the bot's newest published version (a preview session to the current draft), keeping its variables, answers and position. ${authText} API tokens need the ADMIN or MEMBER role.`,
      parameters: [pathParameter("sessionId", "The session to update")],
      response: updateBotResponseSchema,
    }),
    "/bots/{botId}/preview/startChat": operation({
      operationId: "startPreviewChat",
      summary: "Preview a bot's draft",
      description:
        "Same as startChat on the unpublished draft; no result, answers or logs are recorded and `resultId` is null. Authorization: an API token of a member of the bot's workspace (chat keys are refused). The builder serves the same endpoint on {base_url} for its preview, authenticated by its sign-in cookie.",
      parameters: [pathParameter("botId", "The bot's id"), idempotencyKeyParameter],
      request: previewStartChatRequestSchema,
      response: startChatResponseSchema,
    }),
    "/sessions/{sessionId}/uploads": operation({
      operationId: "createUpload",
      summary: "Upload a file for the current input",
      description: `Allows one file for the input the session waits at (file input, or text input with attachments or voice clips), checked against its allowed types and the size limit (CHAT_UPLOAD_MAX_MB). PUT the file to \`uploadUrl\` with \`headers\`, then answer with \`fileUrl\`. ${authText} Issue codes: UPLOAD_NOT_EXPECTED, FILE_TYPE_NOT_ALLOWED, FILE_TOO_LARGE.`,
      parameters: [pathParameter("sessionId", "The session")],
      request: createUploadRequestSchema,
      response: createUploadResponseSchema,
    }),
  };
}
