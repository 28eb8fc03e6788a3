import { z } from "zod";

/** The issue codes of the chat server's error body. */
const issueCodesSchema = z.object({ issues: z.array(z.object({ code: z.string().optional() })) });

/** Why a running preview could not take the saved draft: its conversation ended, the update failed, or no answer. */
export type PreviewRefreshProblem = "ended" | "failed" | "unreachable";

/**
 * Moves a running preview session to the draft as just saved (POST
 * {chat_url}/api/v1/sessions/{id}/updateBot). Returns why it failed, else null.
 */
export async function refreshPreviewSession(
  viewerUrl: string,
  sessionId: string,
): Promise<PreviewRefreshProblem | null> {
  try {
    const response = await fetch(`${viewerUrl}/api/v1/sessions/${encodeURIComponent(sessionId)}/updateBot`, {
      method: "POST",
      credentials: "include",
    });
    if (response.ok) return null;
    const body = issueCodesSchema.safeParse(await response.json().catch(() => null));
    if (body.success && body.data.issues.some((issue) => issue.code === "SESSION_NOT_FOUND")) return "ended";
    return "failed";
  } catch {
    return "unreachable";
  }
}
