// Every chat endpoint, declared once: the Next catch-all routes of the viewer and the builder, the
// chat server, path matching and the OpenAPI document of the chat endpoints all read this table.

import type { RequestScope } from "@parley/platform/http/handleWebRequest";
import {
  continueChatRequestSchema,
  continueChatResponseSchema,
  previewStartChatRequestSchema,
  startChatRequestSchema,
  startChatResponseSchema,
  updateBotResponseSchema,
} from "@parley/schemas";
import { z } from "zod";
import type { ChatRuntime } from "./createChatRuntime";
import { continueChat } from "./handlers/continueChat";
import { createUpload, createUploadRequestSchema, createUploadResponseSchema } from "./handlers/createUpload";
import { getFile } from "./handlers/getFile";
import { putUpload } from "./handlers/putUpload";
import { startChat } from "./handlers/startChat";
import { startPreviewChat } from "./handlers/startPreviewChat";
import { updateBot } from "./handlers/updateBot";
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
  headers?: z.ZodObject;
  request?: z.ZodType;
  /** A JSON response body, or the description of a streamed `text/plain` one. */
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
  "idempotency-key": z.string().max(255).optional().meta({
    description:
      "A retried request with the same key (1-255 visible ASCII characters, e.g. a UUID) gets the first response instead of running again (kept 24 hours). A key reused with another body: IDEMPOTENCY_KEY_REUSED.",
  }),
});

const authText =
  "Authorization: `Bearer <chat key>` (`ck_…`, only this bot's sessions; with `settings.security.allowedOrigins` set, a browser's Origin must be listed and a request without Origin is refused: ORIGIN_NOT_ALLOWED) or `Bearer <API token>` of a member of the bot's workspace.";

const sessionParam = { sessionId: "From the startChat response" };

/** In the order of the OpenAPI document. No two endpoints share a path (a path match decides the endpoint). */
export const chatEndpoints: readonly ChatEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/bots/{publicId}/startChat",
    hosts: bothHosts,
    handle: startChat,
    docs: {
      operationId: "startChat",
      summary: "Start a chat",
      description: `Starts a chat session on the bot's published version. ${authText} Issue codes: BOT_NOT_FOUND, BOT_CLOSED (its message is the bot's botClosed text), WORKSPACE_SUSPENDED, CHATS_LIMIT_REACHED, RATE_LIMITED (per client IP and per key, with Retry-After), TURN_TIMEOUT.`,
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
      description: `Sends the next message of a session (a Chat message object, or a bare string). An invalid answer is not an error: the input comes back with the retry message. The same message sent several times at once is stored once and every caller gets the same response; so does a message repeated within 2 s without Idempotency-Key. ${authText} Issue codes: SESSION_NOT_FOUND (unknown or ended), SESSION_EXPIRED, RATE_LIMITED (per session), TURN_TIMEOUT (nothing stored), COMMAND_NOT_FOUND, INVALID_CLIENT_REPLY.`,
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
        "Like startChat, on the unpublished draft; nothing is recorded (no result, answers or logs) and `resultId` is null. Authorization: an API token of a member of the bot's workspace (chat keys are refused). The builder serves this endpoint and continueChat/updateBot on {base_url} too, authenticated by its sign-in cookie, for its preview panel.",
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
