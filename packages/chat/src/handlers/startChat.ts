import { createId, getPrisma } from "@parley/db";
import { startChat as startEngineChat } from "@parley/engine";
import { assertBotAccess } from "@parley/platform/auth/authorizeChatCaller";
import { isChatsLimitReached } from "@parley/platform/billing/isChatsLimitReached";
import { startChatRequestSchema } from "@parley/schemas";
import type { ChatRequestContext } from "../chatEndpoints";
import { chatErrors } from "../chatErrors";
import { assertOriginAllowed } from "../http/cors";
import { replayRecord } from "../http/idempotency";
import { storeNewSession } from "../persistence/storeNewSession";
import { getSessionExpiry, toTurnWrites } from "../persistence/toTurnWrites";
import { toStartChatResponse } from "../responses/toStartChatResponse";
import { runEngineTurn } from "../runEngineTurn";
import { getBotClosedMessage } from "./getBotClosedMessage";
import { readStartChatRequest } from "./readStartChatRequest";
import { resolveResumedResult } from "./resolveResumedResult";

/** POST /api/v1/bots/{publicId}/startChat: a session on the bot's published version. */
export async function startChat({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<{ publicId: string }>): Promise<Response> {
  const { publicId } = params;
  const { input, idempotency, pool, read, caller } = await readStartChatRequest(
    runtime,
    { request, scope },
    { schema: startChatRequestSchema, lookup: "publicId", value: publicId },
  );
  const bot = read.bot;
  if (!bot || bot.isArchived || !bot.publishedBotId) throw chatErrors.botNotFound();
  assertBotAccess(caller, bot.id, { allowChatKey: true });
  if (read.record) return replayRecord(read.record, idempotency);
  const flow = await runtime.flows.getPublishedFlow(bot.publishedBotId);
  if (!flow) throw chatErrors.botNotFound();
  assertOriginAllowed(request, caller, flow.settings);
  if (bot.isClosed) throw chatErrors.botClosed(getBotClosedMessage(flow.settings));
  if (bot.isWorkspaceSuspended) throw chatErrors.workspaceSuspended();
  if (await isChatsLimitReached(getPrisma(), bot.workspaceId, runtime.now())) {
    throw chatErrors.chatsLimitReached();
  }

  const resumed = await resolveResumedResult(pool, { requested: input.resultId, botId: bot.id, flow });
  const sessionId = createId();
  const resultId = resumed?.id ?? createId();
  const outcome = await runEngineTurn(
    runtime,
    { workspaceId: bot.workspaceId, isPreview: false, previewSnapshots: {} },
    (ports) =>
      startEngineChat(
        {
          flow,
          isPreview: false,
          resultId,
          resumedResult: resumed?.progress,
          message: input.message,
          prefilledVariables: input.prefilledVariables,
          isStreamEnabled: input.isStreamEnabled,
          isOnlyRegistering: input.isOnlyRegistering,
          textBubbleContentFormat: input.textBubbleContentFormat,
        },
        ports,
      ),
  );
  const response = toStartChatResponse(outcome, {
    sessionId,
    flow,
    resultId: input.isOnlyRegistering ? null : resultId,
  });
  return storeNewSession(
    pool,
    {
      sessionId,
      botId: bot.id,
      publishedBotId: flow.id,
      isPreview: false,
      previewFlow: null,
      resultId,
      state: outcome.state,
      expiresAt: getSessionExpiry(flow.settings, {
        now: runtime.now(),
        idleMs: runtime.sessionIdleMs,
        isCompleted: outcome.isCompleted,
      }),
      isCompleted: outcome.isCompleted,
      ...toTurnWrites(outcome, {
        isPreview: false,
        workspaceId: bot.workspaceId,
        writesResult: !input.isOnlyRegistering,
      }),
    },
    response,
    idempotency,
  );
}
