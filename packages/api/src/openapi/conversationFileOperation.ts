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
          "The body is the file itself (not multipart), at most `CHAT_UPLOAD_MAX_MB` (10 MB by default): an image or a document of the types docs/inbox.md lists, by `Content-Type` (or `name`'s extension). Stored like chat uploads, at an unguessable public URL; send it once with POST /conversations/{conversationId}/messages `{message: {fileId}}`. BAD_REQUEST `FILE_TOO_LARGE`, `FILE_TYPE_NOT_ALLOWED`, `FILE_EMPTY` or `CONVERSATION_CLOSED`, nothing stored. ADMIN and MEMBER (scope `inbox:write`).",
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
