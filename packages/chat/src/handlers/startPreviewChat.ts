import { createId } from "@parley/db";
import { freePreviewSessionId } from "@parley/db/queries/replacePreviewSession";
import { toDraftFlowSnapshot } from "@parley/db/storedFlow";
import { startChat as startEngineChat } from "@parley/engine";
import { assertBotAccess } from "@parley/platform/auth/authorizeChatCaller";
import { previewStartChatRequestSchema } from "@parley/schemas";
import type { ChatRequestContext } from "../chatEndpoints";
import { ChatError, chatErrors } from "../chatErrors";
import { replayRecord } from "../http/idempotency";
import { storeNewSession } from "../persistence/storeNewSession";
import { getSessionExpiry, toTurnWrites } from "../persistence/toTurnWrites";
import { toStartChatResponse } from "../responses/toStartChatResponse";
import { runEngineTurn } from "../runEngineTurn";
import { readStartChatRequest } from "./readStartChatRequest";

const SESSION_ID_PATTERN = /^[\w-]{1,64}$/;

/**
 * POST /api/v1/bots/{botId}/preview/startChat: the unpublished draft, for
 * members of the bot's workspace (API token, or the builder's sign-in cookie
 * where the builder mounts it). Nothing is recorded: no result, answers or logs.
 */
export async function startPreviewChat({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<{ botId: string }>): Promise<Response> {
  const { botId } = params;
  const { input, idempotency, pool, read, caller } = await readStartChatRequest(
    runtime,
    { request, scope },
    {
      schema: previewStartChatRequestSchema,
      validate: ({ sessionId }) => {
        if (sessionId !== undefined && !SESSION_ID_PATTERN.test(sessionId)) {
          throw new ChatError("BAD_REQUEST", {
            message: "sessionId must be 1 to 64 letters, digits, - or _",
            code: "INVALID_FIELD",
            path: ["sessionId"],
          });
        }
      },
      lookup: "id",
      value: botId,
      withDraft: true,
    },
  );
  const bot = read.bot;
  if (!bot || bot.isArchived || !read.draft) throw chatErrors.botNotFound();
  assertBotAccess(caller, bot.id, { allowChatKey: false });
  if (read.record) return replayRecord(read.record, idempotency);
  if (bot.isWorkspaceSuspended) throw chatErrors.workspaceSuspended();

  const flow = toDraftFlowSnapshot(bot.id, bot.workspaceId, read.draft);
  const previewSnapshots = { [flow.id]: flow };
  const outcome = await runEngineTurn(
    runtime,
    { workspaceId: bot.workspaceId, isPreview: true, previewSnapshots },
    (ports) =>
      startEngineChat(
        {
          flow,
          isPreview: true,
          resultId: createId(),
          message: input.message,
          prefilledVariables: input.prefilledVariables,
          startFrom: input.startFrom,
          isStreamEnabled: input.isStreamEnabled,
          isOnlyRegistering: input.isOnlyRegistering,
          textBubbleContentFormat: input.textBubbleContentFormat,
          isProgressBarEnabled: input.isProgressBarEnabled,
        },
        ports,
      ),
  );
  const sessionId = input.sessionId ?? createId();
  if (input.sessionId && !(await freePreviewSessionId(pool, sessionId, bot.id))) throw chatErrors.noAccess();
  const response = toStartChatResponse(outcome, { sessionId, flow, resultId: null });
  return storeNewSession(
    pool,
    {
      sessionId,
      botId: bot.id,
      publishedBotId: null,
      isPreview: true,
      previewFlow: { snapshots: previewSnapshots },
      resultId: null,
      state: outcome.state,
      expiresAt: getSessionExpiry(flow.settings, {
        now: runtime.now(),
        idleMs: runtime.sessionIdleMs,
        isCompleted: false,
      }),
      isCompleted: outcome.isCompleted,
      // The author trying the draft: no rows, activity of the workspace (no published version).
      ...toTurnWrites(outcome, {
        isPreview: true,
        workspaceId: bot.workspaceId,
        publishedBotId: null,
        writesResult: false,
        activity: runtime.activity,
      }),
    },
    response,
    idempotency,
  );
}
