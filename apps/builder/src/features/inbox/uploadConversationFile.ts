import type { ConversationAttachment } from "@parley/schemas/management/inbox";
import { readApiErrorMessage } from "../knowledge/uploadKnowledgeFile";

/**
 * Sends a file to POST /api/v1/conversations/{id}/files as the request's body (the sign-in cookie authenticates it,
 * from this page's origin); the stored file, to send with a message by its id, or an Error with the server's reason.
 */
export async function uploadConversationFile(
  conversationId: string,
  file: File,
): Promise<ConversationAttachment> {
  const query = new URLSearchParams({ name: file.name });
  let response: Response;
  try {
    response = await fetch(`/api/v1/conversations/${encodeURIComponent(conversationId)}/files?${query}`, {
      method: "POST",
      headers: { "Content-Type": file.type || "application/octet-stream" },
      body: file,
      credentials: "same-origin",
    });
  } catch {
    throw new Error("The file could not be sent: check the connection and try again");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(readApiErrorMessage(body) ?? `The upload failed (HTTP ${response.status})`);
  return (body as { file: ConversationAttachment }).file;
}
