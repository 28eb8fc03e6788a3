import type { ChatSessionRow } from "@parley/db/queries/readChatSession";
import type { SessionState } from "@parley/engine";
import type { ChatRuntime } from "../core/chatRuntime";
import { loadSessionFlow } from "../core/persistence/loadSessionFlow";
import { runContinueTurn } from "../core/turns/runContinueTurn";

/** The key of the stored response a listening client is handed (listenForWebhook). */
export const webhookRecordKey = (listenId: string) => `webhook:${listenId}`;

/**
 * The turn that ends a webhook wait, run server-side: with the posted body (executeWebhook) or
 * without it once the timeout passed (the engine then logs and goes on). Its response is stored
 * under the listen's key, where the waiting client's poll finds it, whichever process ran it.
 */
export async function runWebhookTurn(
  runtime: ChatRuntime,
  turn: { session: ChatSessionRow; state: SessionState; listenId: string; webhookBody?: string },
) {
  const { session, state } = turn;
  const { flow, previewSnapshots } = await loadSessionFlow(runtime, session, state);
  return runContinueTurn(runtime, {
    kind: "webhook",
    session,
    flow,
    state,
    previewSnapshots,
    // The client's format is not known here; the widget reads rich text.
    input: { message: null, textBubbleContentFormat: "richText", webhookBody: turn.webhookBody },
    toRecords: (response, createdAt) =>
      [`turn:${session.turn}`, webhookRecordKey(turn.listenId)].map((key) => ({
        scope: session.id,
        key,
        statusCode: 200,
        response,
        requestHash: null,
        createdAt,
      })),
  });
}
