import { z } from "zod";

/** The issue codes of the chat server's error body. */
const issueCodesSchema = z.object({ issues: z.array(z.object({ code: z.string().optional() })) });

/**
 * Moves a running preview session to the draft as just saved (POST
 * {chat_url}/api/v1/sessions/{id}/updateBot). Returns a message when it failed, else null.
 */
export async function refreshPreviewSession(viewerUrl: string, sessionId: string): Promise<string | null> {
  try {
    const response = await fetch(`${viewerUrl}/api/v1/sessions/${encodeURIComponent(sessionId)}/updateBot`, {
      method: "POST",
      credentials: "include",
    });
    if (response.ok) return null;
    const body = issueCodesSchema.safeParse(await response.json().catch(() => null));
    if (body.success && body.data.issues.some((issue) => issue.code === "SESSION_NOT_FOUND"))
      return "This conversation has ended; restart it to try your changes.";
    return "The preview could not take your last changes: restart it to see them.";
  } catch {
    return "The preview could not reach the chat server.";
  }
}
