import { readBotForChat } from "@parley/db/queries/readBotForChat";
import { readWaitingPreviewSession } from "@parley/db/queries/readWaitingPreviewSession";
import { saveWebhookTestCall } from "@parley/db/queries/saveWebhookTestCall";
import { readStoredFlow } from "@parley/db/storedFlow";
import { isWebhookListenExpired, parseSessionState } from "@parley/engine";
import { assertBotAccess, toChatCaller, touchCredential } from "@parley/platform/auth/authorizeChatCaller";
import { readChatCredential } from "@parley/platform/auth/readChatCredential";
import { AppError, forbidden } from "@parley/platform/errors";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import { type ExecuteWebhookResponse, type Group, webhookBlock } from "@parley/schemas";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { getWebhookListen } from "./getWebhookListen";
import { readWebhookBody, webhookCallerAction } from "./readWebhookBody";
import { runWebhookTurn } from "./runWebhookTurn";

/**
 * POST /api/v1/bots/{botId}/blocks/{blockId}/executeTestWebhook: a test call of a Webhook block of the
 * draft. Its body is kept as the block's last test call (the settings panel shows it to pick mapping
 * paths) and resumes the newest preview chat waiting at the block, if any.
 */
export async function executeTestWebhook(
  context: ChatRequestContext<{ botId: string; blockId: string }>,
): Promise<Response> {
  const { runtime, request, scope } = context;
  const { botId, blockId } = context.params;
  const credential = readChatCredential(request, runtime);
  if (credential.kind === "chatKey") throw forbidden();
  const body = await readWebhookBody(request);
  const pool = runtime.getPool();
  const read = await readBotForChat(pool, {
    lookup: "id",
    value: botId,
    credential,
    recordKey: null,
    withDraft: true,
  });
  const caller = toChatCaller(credential, read.credential);
  touchCredential(pool, credential, read.credential, scope);
  if (!read.bot || read.bot.isArchived || !read.draft)
    throw new AppError("NOT_FOUND", [{ message: "Bot not found", code: "BOT_NOT_FOUND" }]);
  assertBotAccess(caller, read.bot.id, { allowChatKey: false, action: webhookCallerAction });
  if (!hasWebhookBlock(readStoredFlow(read.draft.version, read.draft).groups, blockId))
    throw new AppError("NOT_FOUND", [
      { message: "No Webhook block with this id in the bot", code: "BLOCK_NOT_FOUND" },
    ]);
  await saveWebhookTestCall(pool, { botId, blockId, body, receivedAt: runtime.now() });

  const session = await readWaitingPreviewSession(pool, { botId, blockId });
  if (session) {
    const state = parseSessionState(session.state);
    const listen = getWebhookListen(state);
    if (listen && !isWebhookListenExpired(listen, runtime.now()))
      // A concurrent turn may win; the test call is stored either way.
      await runWebhookTurn(runtime, {
        session,
        state,
        listenId: listen.listenId,
        webhookBody: JSON.stringify(body),
      });
  }
  return jsonResponse({ message: "success" } satisfies ExecuteWebhookResponse);
}

function hasWebhookBlock(groups: Group[], blockId: string): boolean {
  return groups.some((group) =>
    group.blocks.some((block) => block.id === blockId && block.type === webhookBlock.type),
  );
}
