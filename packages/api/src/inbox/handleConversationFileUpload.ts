import { getStoredFileUrl } from "@parley/chat/core/files/getStoredFileUrl";
import { toSafeFileName } from "@parley/chat/core/files/getUploadRules";
import { createId, type Database } from "@parley/db";
import { loadConversationAccess } from "@parley/platform/access/loadAccess";
import { AppError, badRequest } from "@parley/platform/errors";
import { handleWebRequest, jsonResponse } from "@parley/platform/http/handleWebRequest";
import { idSchema } from "@parley/schemas/management/common";
import {
  type AgentAttachmentType,
  agentAttachmentTypes,
  type ConversationAttachment,
  resolveAgentAttachmentType,
} from "@parley/schemas/management/inbox";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { getBuilderChatRuntime } from "../builderChatRuntime";
import {
  assertRawRouteWorkspace,
  authenticateRawRouteCaller,
  decodePathSegment,
  readQuery,
} from "../rest/rawRouteRequest";
import { conversationClosed } from "../routers/inbox/postConversationMessage";

/** The path of the upload under the REST mount. */
export const CONVERSATION_FILE_PATH = /^\/api\/v1\/conversations\/([^/]+)\/files$/;

/** The query of POST /conversations/{conversationId}/files (also read by its OpenAPI operation). */
export const conversationFileQuerySchema = z.strictObject({
  name: textSchema.trim().min(1, "Must not be empty").max(255).meta({
    description:
      "The file's name as the visitor sees it (cleaned; given its type's extension when it lacks one)",
    example: "invoice-A-17.pdf",
  }),
});

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const fileTooLarge = (maxBytes: number) =>
  badRequest(`The file is larger than ${megabytes(maxBytes)}`, "FILE_TOO_LARGE");

/** The body, refused past `maxBytes` whatever Content-Length said. */
async function readFileBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw fileTooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw fileTooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks, size);
}

/** The cleaned name, with the type's extension when it has none of that type's. */
function toAttachmentName(name: string, type: AgentAttachmentType): string {
  const safe = toSafeFileName(name);
  const extensions: readonly string[] = agentAttachmentTypes[type];
  return extensions.some((extension) => safe.toLowerCase().endsWith(extension))
    ? safe
    : `${safe.slice(0, 120 - (extensions[0]?.length ?? 0))}${extensions[0] ?? ""}`;
}

/**
 * POST {base_url}/api/v1/conversations/{conversationId}/files?name=…: the request's body is a file an agent will send
 * with a message (an image or a document of `agentAttachmentTypes`, at most CHAT_UPLOAD_MAX_MB as the chat's uploads).
 * It is stored where the chat's uploads are (S3 when configured, else DATA_DIR/uploads) under the conversation's
 * result folder, public by its unguessable URL so that the visitor's browser, WhatsApp and Telegram can fetch it,
 * then recorded; POST /conversations/{conversationId}/messages sends it with `fileId`. Who may reply may upload
 * (ADMIN, MEMBER); a closed conversation takes none. Served by its own handler: the procedures' bodies are JSON.
 */
export function createConversationFileUploadHandler(getDatabase: () => Database) {
  return (request: Request, conversationIdSegment: string): Promise<Response> =>
    handleWebRequest(request, async () => {
      if (request.method !== "POST") throw new AppError("NOT_FOUND");
      const prisma = getDatabase();
      const user = await authenticateRawRouteCaller(prisma, request, {
        sameOriginForCookie: true,
        operation: "POST /conversations/{conversationId}/files",
      });
      const { conversationId } = z
        .object({ conversationId: idSchema })
        .parse({ conversationId: decodePathSegment(conversationIdSegment) });
      const access = await loadConversationAccess(prisma, user.id, conversationId, "write");
      assertRawRouteWorkspace(user, access);
      const { name } = conversationFileQuerySchema.parse(readQuery(new URL(request.url)));
      const contentType = resolveAgentAttachmentType(request.headers.get("content-type"), name);
      if (!contentType)
        throw badRequest(
          "This type of file cannot be sent: send an image (PNG, JPEG, GIF, WebP) or a document (PDF, text, CSV, RTF, Word, Excel, PowerPoint, OpenDocument)",
          "FILE_TYPE_NOT_ALLOWED",
        );
      const conversation = await prisma.conversation.findUniqueOrThrow({
        where: { id: conversationId },
        select: { workspaceId: true, botId: true, resultId: true, status: true },
      });
      if (conversation.status === "closed") throw conversationClosed();
      const { uploads } = getBuilderChatRuntime();
      const bytes = await readFileBody(request, uploads.maxBytes);
      if (bytes.byteLength === 0) throw badRequest("The file is empty", "FILE_EMPTY");
      const id = createId();
      const fileName = toAttachmentName(name, contentType);
      // The chat uploads' layout, so the files endpoint serves it and deleting the workspace removes it.
      const key = [
        "public",
        conversation.workspaceId,
        conversation.botId,
        conversation.resultId ?? "preview",
        id,
        fileName,
      ].join("/");
      await uploads.storage.saveFile(key, bytes, contentType);
      const url = getStoredFileUrl(uploads, { key, isPrivate: false }, uploads.viewerUrl);
      const file: ConversationAttachment = await prisma.conversationFile.create({
        data: {
          id,
          conversationId,
          userId: user.id,
          key,
          url,
          name: fileName,
          contentType,
          size: bytes.byteLength,
        },
        select: { id: true, name: true, contentType: true, size: true, url: true },
      });
      return jsonResponse({ file });
    });
}
