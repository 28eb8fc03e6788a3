import { readBotDraft } from "@parley/db/queries/readBotDraft";
import { updateChatSessionFlow } from "@parley/db/queries/updateChatSessionFlow";
import { toDraftFlowSnapshot } from "@parley/db/storedFlow";
import { type FlowSnapshot, parseSessionState, updateSessionFlow } from "@parley/engine";
import { readChatCredential } from "@parley/platform/auth/readChatCredential";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import { readJsonBody } from "@parley/platform/http/readJsonBody";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { chatErrors } from "../core/chatErrors";
import { assertOriginAllowed } from "../core/http/cors";
import { enforceRateLimit } from "../core/limits/chatRateLimits";
import { readPreviewSnapshots } from "../core/persistence/loadSessionFlow";
import { assertSessionOpen, readSessionForTurn } from "../core/turns/readSessionForTurn";

const MAX_ATTEMPTS = 3;

/**
 * POST /api/v1/sessions/{sessionId}/updateBot: a published session moves to the
 * bot's newest published version, a preview session to the current draft; the
 * engine keeps its variables, answers and position.
 */
export async function updateBot({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<{ sessionId: string }>): Promise<Response> {
  const { sessionId } = params;
  const credential = readChatCredential(request, runtime);
  // No body is defined; one that is sent must still be well-formed JSON.
  await readJsonBody(request);
  await enforceRateLimit(runtime.limits, "turnsPerSession", sessionId, scope);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { session, caller } = await readSessionForTurn(runtime, {
      sessionId,
      credential,
      recordKey: null,
      scope,
      action: "write", // API-token callers need write access; its chat key may refresh its own sessions
    });
    assertSessionOpen(session, runtime.now());
    const state = parseSessionState(session.state);
    const pool = runtime.getPool();
    let newFlow: FlowSnapshot | null;
    let previewFlow: { snapshots: Record<string, FlowSnapshot> } | null = null;
    if (session.isPreview) {
      const draft = await readBotDraft(pool, session.botId, session.workspaceId);
      newFlow = draft ? toDraftFlowSnapshot(session.botId, session.workspaceId, draft) : null;
      if (newFlow) {
        previewFlow = {
          snapshots: { ...readPreviewSnapshots(session.previewFlow), [newFlow.id]: newFlow },
        };
      }
    } else {
      newFlow = await runtime.flows.getCurrentPublishedFlow(session.botId, session.workspaceId);
    }
    if (!newFlow) throw chatErrors.botNotFound();
    assertOriginAllowed(request, caller, newFlow.settings);
    const isUpdated = await updateChatSessionFlow(pool, {
      sessionId,
      expectedTurn: session.turn,
      publishedBotId: session.isPreview ? null : newFlow.id,
      previewFlow,
      state: updateSessionFlow(state, newFlow),
    });
    if (isUpdated) return jsonResponse({ message: "success" });
  }
  throw new Error(`session ${sessionId} kept changing during updateBot`);
}
