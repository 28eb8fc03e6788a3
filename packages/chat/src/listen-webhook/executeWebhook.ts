import { readWebhookSession } from "@parley/db/queries/readWebhookSession";
import { isWebhookListenExpired, parseSessionState } from "@parley/engine";
import { assertBotAccess, toChatCaller, touchCredential } from "@parley/platform/auth/authorizeChatCaller";
import { readBearerCredential } from "@parley/platform/auth/readBearerCredential";
import { AppError, forbidden } from "@parley/platform/errors";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import type { ExecuteWebhookResponse } from "@parley/schemas";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { getWebhookListen } from "./getWebhookListen";
import { readWebhookBody, webhookCallerAction } from "./readWebhookBody";
import { runWebhookTurn } from "./runWebhookTurn";

/** A call lost to a concurrent turn is tried again on the new state (which then usually waits no more). */
const MAX_ATTEMPTS = 3;

const notWaiting = (message: string, code: string) => new AppError("NOT_FOUND", [{ message, code }]);

/**
 * POST /api/v1/bots/{publicId}/blocks/{blockId}/results/{resultId}/executeWebhook: an external system
 * calls the webhook block a result's chat waits at. The body (any JSON) goes through the block's
 * response mapping and the flow goes on server-side; the waiting client is handed that turn.
 */
export async function executeWebhook(
  context: ChatRequestContext<{ publicId: string; blockId: string; resultId: string }>,
): Promise<Response> {
  const { runtime, request, scope } = context;
  const { publicId, blockId, resultId } = context.params;
  const credential = readBearerCredential(request.headers.get("authorization"));
  // Chat keys are public (printed in embed code): only a workspace member's API token may call.
  if (credential.kind !== "apiToken") throw forbidden();
  const webhookBody = JSON.stringify(await readWebhookBody(request));
  for (let attempt = 1; ; attempt++) {
    const read = await readWebhookSession(runtime.getPool(), { publicId, resultId, credential });
    const caller = toChatCaller(credential, read.credential);
    touchCredential(runtime.getPool(), credential, read.credential, scope);
    if (!read.bot) throw notWaiting("Bot not found", "BOT_NOT_FOUND");
    assertBotAccess(caller, read.bot.id, { allowChatKey: false, action: webhookCallerAction });
    const session = read.session;
    if (!session) throw notWaiting("Result not found", "RESULT_NOT_FOUND");
    const state = parseSessionState(session.state);
    const listen = session.isCompleted ? null : getWebhookListen(state);
    const now = runtime.now();
    const isExpired = session.expiresAt !== null && session.expiresAt.getTime() <= now.getTime();
    if (!listen || listen.blockId !== blockId || isExpired)
      throw notWaiting("This result's chat is not waiting for this block's webhook", "WEBHOOK_NOT_WAITING");
    if (isWebhookListenExpired(listen, now))
      throw notWaiting("This block stopped waiting for its webhook (timeout)", "WEBHOOK_TIMED_OUT");
    const { isCommitted } = await runWebhookTurn(runtime, {
      session,
      state,
      listenId: listen.listenId,
      webhookBody,
    });
    if (isCommitted) return jsonResponse({ message: "success" } satisfies ExecuteWebhookResponse);
    if (attempt >= MAX_ATTEMPTS)
      throw new Error(`session ${session.id} kept changing during the webhook call`);
  }
}
