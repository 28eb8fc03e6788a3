import { ChatApiError } from "./chatApiError";
import type { ChatClient } from "./createChatClient";

/**
 * Uploads files for the session's current input through the runtime's upload endpoint
 * (multipart, one file per request) and resolves with their public URLs, in order.
 */
export async function uploadFiles(
  client: ChatClient,
  sessionId: string,
  blockId: string,
  files: File[],
  messages: { fileUploadError?: string },
): Promise<string[]> {
  const urls: string[] = [];
  for (const file of files) {
    const form = new FormData();
    form.set("blockId", blockId);
    form.set("file", file, file.name);
    const response = await client.request(`/api/v1/sessions/${encodeURIComponent(sessionId)}/files`, {
      method: "POST",
      body: form,
    });
    const payload = (await response.json().catch(() => undefined)) as
      | { url?: string; issues?: { message: string }[] }
      | undefined;
    if (!response.ok || typeof payload?.url !== "string") {
      const reason = payload?.issues?.[0]?.message;
      throw new Error(reason ?? messages.fileUploadError ?? "The upload failed. Please try again.", {
        cause: response.ok
          ? undefined
          : new ChatApiError(response.status, { code: "BAD_REQUEST", message: "", issues: [] }),
      });
    }
    urls.push(payload.url);
  }
  return urls;
}
