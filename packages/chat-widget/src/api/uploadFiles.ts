import type { ChatClient } from "./createChatClient";

interface UploadGrant {
  uploadUrl: string;
  method: string;
  headers?: Record<string, string>;
  fileUrl: string;
}

/**
 * Uploads files for the session's current input through the runtime: ask for a grant
 * (`POST /sessions/{id}/uploads {fileName, fileType, fileSize}`), PUT the file where it
 * says (the viewer itself or a pre-signed S3 URL), and resolve with the files' URLs, in order.
 */
export async function uploadFiles(
  client: ChatClient,
  sessionId: string,
  files: File[],
  messages: { fileUploadError?: string },
): Promise<string[]> {
  const fallback = messages.fileUploadError ?? "The upload failed. Please try again.";
  const urls: string[] = [];
  for (const file of files) {
    const response = await client.request(`/api/v1/sessions/${encodeURIComponent(sessionId)}/uploads`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        fileName: file.name,
        fileType: file.type || "application/octet-stream",
        fileSize: file.size,
      }),
    });
    const grant = (await response.json().catch(() => undefined)) as
      | (UploadGrant & { issues?: { message: string }[] })
      | undefined;
    if (!response.ok || typeof grant?.uploadUrl !== "string")
      throw new Error(grant?.issues?.[0]?.message ?? fallback);
    const target = new URL(grant.uploadUrl, new URL(client.apiHost || "/", window.location.href));
    const isOwnHost = target.origin === new URL(client.apiHost || "/", window.location.href).origin;
    const init: RequestInit = { method: grant.method || "PUT", headers: grant.headers, body: file };
    // On the chat host the upload carries the chat credential; elsewhere (pre-signed S3) it must not.
    const stored = isOwnHost
      ? await client.request(target.pathname + target.search, init)
      : await fetch(grant.uploadUrl, { ...init, credentials: "omit" }).catch(() => undefined);
    if (!stored?.ok) throw new Error(fallback);
    urls.push(grant.fileUrl);
  }
  return urls;
}
