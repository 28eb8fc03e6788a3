import { readWorkspaceMemberRole } from "@parley/db/queries/readWorkspaceMemberRole";
import { assertWorkspaceSignIn } from "@parley/platform/access/assertWorkspaceSignIn";
import { toChatCaller } from "@parley/platform/auth/authorizeChatCaller";
import { readChatCredential } from "@parley/platform/auth/readChatCredential";
import { AppError } from "@parley/platform/errors";
import { errorResponse } from "@parley/platform/http/handleWebRequest";
import { canAccess } from "@parley/schemas/management/access";
import type { ChatRequestContext } from "../core/chatEndpoint";

/** Types a browser may render inline from this origin; anything else downloads (no HTML, no SVG). */
const INLINE_TYPES = /^(image\/(png|jpe?g|gif|webp|avif)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf)$/i;

/**
 * GET /api/v1/files/{public|private}/{workspaceId}/…: an uploaded file. Public
 * files are readable by anyone with the (unguessable) URL; private ones by
 * members of the workspace (API token, or the builder's cookie where it mounts
 * this), who signed in through the workspace's identity provider when it requires one. Files never run
 * script on this origin (CSP sandbox, nosniff).
 */
export async function getFile({
  request,
  runtime,
  params,
}: ChatRequestContext<{
  visibility: string;
  workspaceId: string;
  botId: string;
  resultFolder: string;
  fileId: string;
  fileName: string;
}>): Promise<Response> {
  const { visibility, workspaceId, botId, resultFolder, fileId, fileName } = params;
  const segments = [visibility, workspaceId, botId, resultFolder, fileId, fileName];
  // Decoded segments must stay segments: no separators, no dot segments.
  if (
    (visibility !== "public" && visibility !== "private") ||
    segments.some((segment) => /[/\\]/.test(segment) || segment === "." || segment === "..")
  ) {
    return errorResponse({ code: "NOT_FOUND", issues: [] });
  }
  const key = segments.join("/");
  if (visibility === "private") {
    const credential = readChatCredential(request, runtime);
    const row = await readWorkspaceMemberRole(runtime.getPool(), workspaceId, credential, botId);
    const caller = toChatCaller(credential, row);
    if (caller.kind !== "user" || !canAccess(caller.role, "read")) throw new AppError("FORBIDDEN");
    assertWorkspaceSignIn(caller, caller);
  }
  const file = await runtime.uploads.storage.readFile(key);
  if (!file) return errorResponse({ code: "NOT_FOUND", issues: [] });
  if ("redirect" in file) return new Response(null, { status: 302, headers: { location: file.redirect } });
  const isInline = INLINE_TYPES.test(file.contentType);
  const name = key.split("/").pop() ?? "file";
  return new Response(file.stream, {
    headers: {
      "content-type": isInline ? file.contentType : "application/octet-stream",
      "content-length": String(file.size),
      "content-disposition": `${isInline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(name)}`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
      "cache-control": visibility === "private" ? "private, no-store" : "public, max-age=31536000, immutable",
    },
  });
}
