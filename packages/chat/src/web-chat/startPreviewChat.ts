import { toDraftFlowSnapshot } from "@parley/db/storedFlow";
import { assertBotAccess } from "@parley/platform/auth/authorizeChatCaller";
import { previewStartChatRequestSchema } from "@parley/schemas";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { ChatError, chatErrors } from "../core/chatErrors";
import { replayRecord } from "../core/http/idempotency";
import { storeNewSession } from "../core/persistence/storeNewSession";
import { startTurn } from "../core/turns/startTurn";
import { readStartChatRequest } from "./readStartChatRequest";
import { webLanguageHints } from "./webLanguageHints";

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
  const languageHints = webLanguageHints(request, input);
  const { response, creation } = await startTurn(runtime, {
    mode: "preview",
    bot,
    flow,
    input,
    languageHints,
  });
  return storeNewSession(pool, creation, response, idempotency);
}
