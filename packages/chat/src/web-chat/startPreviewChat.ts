import { toDraftFlowSnapshot } from "@parley/db/storedFlow";
import { assertBotAccess } from "@parley/platform/auth/authorizeChatCaller";
import { previewStartChatRequestSchema } from "@parley/schemas";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { ChatError, chatErrors } from "../core/chatErrors";
import { chatEnv } from "../core/env";
import { replayRecord } from "../core/http/idempotency";
import { storeNewSession } from "../core/persistence/storeNewSession";
import { startTurn } from "../core/turns/startTurn";
import { toTypebotStartResponse } from "../core/typebotProtocol";
import { readStartChatRequest } from "./readStartChatRequest";
import { webLanguageHints } from "./webLanguageHints";

const SESSION_ID_PATTERN = /^[\w-]{1,64}$/;

/**
 * POST /api/v1/bots/{botId}/preview/startChat: the unpublished draft, for
 * members of the bot's workspace (API token, or the builder's sign-in cookie
 * where the builder mounts it). Nothing is recorded: no result, answers or logs.
 */
export function startPreviewChat(context: ChatRequestContext<{ botId: string }>): Promise<Response> {
  return startDraftChat(context, context.params.botId, "parley");
}

/**
 * POST /api/v1/typebots/{typebotId}/preview/startChat (Typebot's path, docs/typebot-compat.md): the same preview
 * in Typebot's shape, behind the same sign-in (never keyless); Typebot's `typebot` and other extra fields are
 * ignored.
 */
export function startTypebotPreviewChat(context: ChatRequestContext<{ botId: string }>): Promise<Response> {
  return startDraftChat(context, context.params.botId, "typebot");
}

async function startDraftChat(
  { request, scope, runtime }: ChatRequestContext,
  botId: string,
  protocol: "parley" | "typebot",
): Promise<Response> {
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
  // The author's pick in the preview's language picker wins over the bot's detection order.
  const languageHints = {
    ...webLanguageHints(request, input),
    ...(input.language ? { chosen: input.language } : {}),
  };
  const { response, creation } = await startTurn(runtime, {
    mode: "preview",
    bot,
    flow,
    input,
    languageHints,
  });
  if (protocol === "parley") return storeNewSession(pool, creation, response, idempotency);
  return storeNewSession(
    pool,
    { ...creation, isTypebotClient: true },
    toTypebotStartResponse(response, chatEnv.VIEWER_URL),
    idempotency,
  );
}
