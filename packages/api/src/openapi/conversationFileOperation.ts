import { agentAttachmentTypes, conversationAttachmentSchema } from "@parley/schemas/management/inbox";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { conversationFileQuerySchema } from "../inbox/handleConversationFileUpload";
import { rawRouteErrorResponses } from "./rawRouteErrorResponses";

const fileBody = { schema: textSchema.meta({ format: "binary" }) };

/**
 * POST /conversations/{conversationId}/files, served by its own handler (its body is the file, not JSON), so its
 * operation is written here.
 */
export function getConversationFileOpenApiPaths(): ZodOpenApiPathsObject {
  return {
    "/conversations/{conversationId}/files": {
      post: {
        operationId: "inbox-uploadConversationFile",
        summary: "Upload a file to send in a conversation",
        description:
          "The request's body is the file itself (not multipart), at most the chat uploads' limit (`CHAT_UPLOAD_MAX_MB`, 10 MB by default): an image (PNG, JPEG, GIF, WebP) or a document (PDF, plain text, CSV, RTF, Word, Excel, PowerPoint, OpenDocument), by `Content-Type` (or, for `application/octet-stream`, the extension of `name`). It is stored like the chat's uploads (S3 when configured, else the server's disk) at an unguessable public URL; send it with POST /conversations/{conversationId}/messages `{message: {fileId}}` (the answer's `file.id`, once). Too large: BAD_REQUEST `FILE_TOO_LARGE` (nothing stored); another type: `FILE_TYPE_NOT_ALLOWED`; empty: `FILE_EMPTY`; a closed conversation: `CONVERSATION_CLOSED`. ADMIN and MEMBER (scope `inbox:write`). Details: docs/inbox.md.",
        tags: ["Inbox"],
        security: [{ bearerAuth: [] }],
        requestParams: {
          path: z.object({ conversationId: textSchema.meta({ description: "The conversation's id" }) }),
          query: conversationFileQuerySchema,
        },
        requestBody: {
          required: true,
          // Ranges, not each allowed type (the description names them): the document stays short.
          content: Object.fromEntries(
            [...new Set(Object.keys(agentAttachmentTypes).map((type) => `${type.split("/")[0]}/*`))].map(
              (range) => [range, fileBody],
            ),
          ),
        },
        responses: {
          "200": {
            description: "The stored file, not sent yet",
            content: { "application/json": { schema: z.object({ file: conversationAttachmentSchema }) } },
          },
          ...rawRouteErrorResponses,
        },
      },
    },
  };
}
