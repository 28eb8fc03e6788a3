import { isWebhookListenExpired, parseSessionState } from "@parley/engine";
import { readChatCredential } from "@parley/platform/auth/readChatCredential";
import { badRequest } from "@parley/platform/errors";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import type { ListenForWebhookResponse } from "@parley/schemas";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { assertOriginAllowed } from "../core/http/cors";
import { enforceRateLimit } from "../core/limits/chatRateLimits";
import { loadSessionFlow } from "../core/persistence/loadSessionFlow";
import { assertSessionOpen, readSessionForTurn } from "../core/turns/readSessionForTurn";
import { getWebhookListen } from "./getWebhookListen";
import { runWebhookTurn, webhookRecordKey } from "./runWebhookTurn";
import type { WebhookListenChatRuntime } from "./webhookListenRuntime";

/**
 * GET /api/v1/sessions/{sessionId}/listenForWebhook/{listenId}: a long poll. It answers as soon as the
 * turn that ended the wait is stored (by executeWebhook in any process: the session is read from
 * PostgreSQL every `pollIntervalMs`), runs the timeout turn itself once the block's timeout has
 * passed, and otherwise answers `waiting` after `holdMs` so the client polls again.
 */
export async function listenForWebhook(
  context: ChatRequestContext<{ sessionId: string; listenId: string }, WebhookListenChatRuntime>,
): Promise<Response> {
  const { runtime, request, scope } = context;
  const { sessionId, listenId } = context.params;
  const credential = readChatCredential(request, runtime);
  await enforceRateLimit(runtime.limits, "turnsPerSession", sessionId, scope);
  const { holdMs, pollIntervalMs } = runtime.webhookListen;
  const giveUpAt = Date.now() + holdMs;
  let isOriginChecked = false;
  for (;;) {
    const { session, caller, record } = await readSessionForTurn(runtime, {
      sessionId,
      credential,
      recordKey: webhookRecordKey(listenId),
      scope,
    });
    if (record) return answer({ status: "resumed", response: record.response });
    assertSessionOpen(session, runtime.now());
    const state = parseSessionState(session.state);
    if (!isOriginChecked) {
      assertOriginAllowed(request, caller, (await loadSessionFlow(runtime, session, state)).flow.settings);
      isOriginChecked = true;
    }
    const listen = getWebhookListen(state);
    if (listen?.listenId !== listenId)
      throw badRequest("This session does not wait for this webhook call", "LISTEN_NOT_FOUND", ["listenId"]);
    if (isWebhookListenExpired(listen, runtime.now())) {
      const { response, isCommitted } = await runWebhookTurn(runtime, { session, state, listenId });
      if (isCommitted) return answer({ status: "resumed", response });
      continue;
    }
    if (Date.now() + pollIntervalMs > giveUpAt) return answer({ status: "waiting" });
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
  }
}

/** The stored response is the continueChat response of that turn, as written. */
const answer = (body: ListenForWebhookResponse | { status: "resumed"; response: unknown }) =>
  jsonResponse(body, 200, { "cache-control": "no-store" });
