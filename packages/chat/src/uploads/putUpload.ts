import { readChatCredentialOrKeyless } from "@parley/platform/auth/readChatCredential";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { ChatError } from "../core/chatErrors";
import { resolveUploadTarget, uploadErrors } from "../core/files/resolveUploadTarget";
import { assertOriginAllowed } from "../core/http/cors";
import { readOpenSession } from "../core/turns/readSessionForTurn";

/**
 * PUT /api/v1/sessions/{sessionId}/uploads/{fileId}/{fileName}: the file itself,
 * when files are stored on local disk. The checks of the upload request are
 * repeated (the session may have moved on) and the size limit is enforced on
 * the bytes received.
 */
export async function putUpload({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<{ sessionId: string; fileId: string; fileName: string }>): Promise<Response> {
  const { sessionId, fileId, fileName } = params;
  const credential = readChatCredentialOrKeyless(request, runtime);
  const { session, caller } = await readOpenSession(runtime, { sessionId, credential, scope });
  const { uploads } = runtime;
  if (uploads.storage.kind !== "local") {
    throw new ChatError("BAD_REQUEST", {
      message: "Files go to the storage bucket: use the uploadUrl of POST /uploads",
      code: "UPLOAD_NOT_EXPECTED",
    });
  }
  const contentType = request.headers.get("content-type") ?? "application/octet-stream";
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > uploads.maxBytes) throw uploadErrors.tooLarge(uploads.maxBytes);
  const target = await resolveUploadTarget(runtime, session, { fileId, fileName, contentType });
  assertOriginAllowed(request, caller, target.settings);
  if (!/^[\w-]{8,64}$/.test(fileId) || !request.body) throw uploadErrors.notExpected();
  const isStored = await uploads.storage.writeLocal(target.key, request.body, contentType, uploads.maxBytes);
  if (!isStored) throw uploadErrors.tooLarge(uploads.maxBytes);
  return jsonResponse({ message: "success" });
}
