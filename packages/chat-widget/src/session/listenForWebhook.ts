import type { ContinueChatResponse, ListenForWebhookResponse } from "@parley/schemas";
import { ChatApiError, ChatNetworkError } from "../api/chatApiError";
import { type ChatClient, toErrorBody } from "../api/createChatClient";
import type { TurnTarget } from "./revealTurn";

/** Pause before polling again after a network failure or a server error. */
const RETRY_DELAY_MS = 3_000;

/** The chat was restarted or unmounted while it waited: nothing more is shown. */
export class ListenAbandonedError extends Error {}

/**
 * Waits for the webhook block's call with long polls of the session's listen endpoint (each held by
 * the server up to 25 s, then asked again) and resolves with the turn that followed it.
 */
export async function listenForWebhook(
  target: TurnTarget,
  client: ChatClient,
  listenId: string,
  isCurrent: () => boolean,
): Promise<ContinueChatResponse> {
  const sessionId = target.getState().sessionId;
  if (!sessionId) throw new ListenAbandonedError();
  const path = `/api/v1/sessions/${encodeURIComponent(sessionId)}/listenForWebhook/${encodeURIComponent(listenId)}`;
  while (isCurrent()) {
    let body: ListenForWebhookResponse | undefined;
    try {
      const response = await client.request(path, { method: "GET" });
      const payload = await response.json().catch(() => undefined);
      if (response.ok) body = payload as ListenForWebhookResponse;
      else if (response.status < 500)
        throw new ChatApiError(response.status, toErrorBody(response.status, payload));
    } catch (error) {
      if (!(error instanceof ChatNetworkError)) throw error;
    }
    if (body?.status === "resumed") return body.response;
    if (!body) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
  throw new ListenAbandonedError();
}
