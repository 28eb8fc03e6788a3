import { createId } from "@parley/db";
import type { ChatCredentialLookup } from "@parley/db/queries/chatCredential";
import { readChatCredentialOrKeyless } from "@parley/platform/auth/readChatCredential";
import { builderOrigin } from "@parley/platform/http/builderOrigin";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import { readJsonBody } from "@parley/platform/http/readJsonBody";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { getStoredFileUrl } from "../core/files/getStoredFileUrl";
import { resolveUploadTarget, uploadErrors } from "../core/files/resolveUploadTarget";
import { assertOriginAllowed } from "../core/http/cors";
import { readOpenSession } from "../core/turns/readSessionForTurn";

export const createUploadRequestSchema = z.object({
  fileName: textSchema.min(1).max(255),
  /** MIME type the file will be sent with (`application/octet-stream` when unknown). */
  fileType: textSchema.max(255).default("application/octet-stream"),
  /** Size in bytes, checked against the limit before any byte is sent. */
  fileSize: z.number().int().min(0),
});

export const createUploadResponseSchema = z.object({
  uploadUrl: textSchema,
  method: z.literal("PUT"),
  headers: z.record(textSchema, textSchema),
  /** Where the file will be readable once uploaded: send it as the answer (or attachment URL). */
  fileUrl: textSchema,
});

/**
 * POST /api/v1/sessions/{sessionId}/uploads: permission to upload one file for
 * the input the session waits at (file input, or a text input with
 * attachments or voice clips), checked against its allowed types and the size
 * limit. The answer says where to PUT the file and the URL to answer with.
 */
export async function createUpload(context: ChatRequestContext<{ sessionId: string }>): Promise<Response> {
  const credential = readChatCredentialOrKeyless(context.request, context.runtime);
  const input = createUploadRequestSchema.parse((await readJsonBody(context.request)) ?? {});
  const prepared = await prepareSessionUpload(context, credential, context.params.sessionId, input);
  return jsonResponse({ ...prepared, method: "PUT" });
}

export const typebotUploadRequestSchema = createUploadRequestSchema.extend({
  sessionId: textSchema.min(1).max(64),
  /** The input's block (Typebot's client sends it; the session's current input decides). */
  blockId: textSchema.max(255).optional(),
});

export const typebotUploadResponseSchema = z.object({
  presignedUrl: textSchema,
  /** Always empty: the client then PUTs the file to presignedUrl with its Content-Type. */
  formData: z.record(textSchema, textSchema),
  fileUrl: textSchema,
});

/**
 * POST /api/v3/generate-upload-url (Typebot's path, docs/typebot-compat.md): the same permission in Typebot's
 * shape. Its client PUTs the file to `presignedUrl` (no form fields) without Authorization: on local storage that
 * works for sessions started keyless on Typebot's path.
 */
export async function createTypebotUpload(context: ChatRequestContext): Promise<Response> {
  const credential = readChatCredentialOrKeyless(context.request, context.runtime);
  const input = typebotUploadRequestSchema.parse((await readJsonBody(context.request)) ?? {});
  const prepared = await prepareSessionUpload(context, credential, input.sessionId, input);
  return jsonResponse({ presignedUrl: prepared.uploadUrl, formData: {}, fileUrl: prepared.fileUrl });
}

async function prepareSessionUpload(
  { request, scope, runtime }: ChatRequestContext,
  credential: ChatCredentialLookup,
  sessionId: string,
  input: z.output<typeof createUploadRequestSchema>,
) {
  const { session, caller } = await readOpenSession(runtime, { sessionId, credential, scope });
  const { uploads } = runtime;
  if (input.fileSize > uploads.maxBytes) throw uploadErrors.tooLarge(uploads.maxBytes);
  const fileId = createId();
  const target = await resolveUploadTarget(runtime, session, {
    fileId,
    fileName: input.fileName,
    contentType: input.fileType,
  });
  assertOriginAllowed(request, caller, target.settings);
  // Where the builder mounts the handlers (cookie), uploads and files stay on its public origin (BUILDER_URL),
  // never the address the process listens on.
  const baseUrl = runtime.allowSessionCookie ? builderOrigin : uploads.viewerUrl;
  const prepared = await uploads.storage.prepareUpload({
    key: target.key,
    contentType: input.fileType,
    localUploadUrl: `${baseUrl}/api/v1/sessions/${encodeURIComponent(sessionId)}/uploads/${fileId}/${encodeURIComponent(target.fileName)}`,
    authorization: request.headers.get("authorization") ?? "",
  });
  const headers = Object.fromEntries(Object.entries(prepared.headers).filter(([, value]) => value !== ""));
  const fileUrl = getStoredFileUrl(uploads, target, baseUrl);
  return { uploadUrl: prepared.uploadUrl, headers, fileUrl };
}
