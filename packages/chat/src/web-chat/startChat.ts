import { assertBotAccess } from "@parley/platform/auth/authorizeChatCaller";
import { startChatRequestSchema } from "@parley/schemas";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { chatErrors } from "../core/chatErrors";
import { chatEnv } from "../core/env";
import { assertOriginAllowed } from "../core/http/cors";
import { replayRecord } from "../core/http/idempotency";
import { storeNewSession } from "../core/persistence/storeNewSession";
import { assertChatCanStart, startTurn } from "../core/turns/startTurn";
import { assertKeylessStartAllowed, toTypebotStartResponse } from "../core/typebotProtocol";
import { readStartChatRequest } from "./readStartChatRequest";
import { resolveResumedResult } from "./resolveResumedResult";
import { webLanguageHints } from "./webLanguageHints";

/** POST /api/v1/bots/{publicId}/startChat: a session on the bot's published version. */
export function startChat(context: ChatRequestContext<{ publicId: string }>): Promise<Response> {
  return startPublishedChat(context, "parley");
}

/**
 * POST /api/v1/typebots/{publicId}/startChat (Typebot's path, docs/typebot-compat.md): the same start in
 * Typebot's shape. Without Authorization (as Typebot's embeds call it) only for a published bot whose public
 * share is on, in a workspace serving Typebot's API; such a session is continued without a key. With a chat key
 * or an API token, as ours, and its session keeps needing it.
 */
export function startTypebotChat(context: ChatRequestContext<{ publicId: string }>): Promise<Response> {
  return startPublishedChat(context, "typebot");
}

async function startPublishedChat(
  { request, scope, runtime, params }: ChatRequestContext<{ publicId: string }>,
  protocol: "parley" | "typebot",
): Promise<Response> {
  const { publicId } = params;
  const { input, idempotency, pool, read, caller } = await readStartChatRequest(
    runtime,
    { request, scope },
    {
      schema: startChatRequestSchema,
      lookup: "publicId",
      value: publicId,
      allowKeyless: protocol === "typebot",
    },
  );
  const bot = read.bot;
  if (!bot || bot.isArchived || !bot.publishedBotId) throw chatErrors.botNotFound();
  const isKeyless = caller.kind === "keyless";
  if (!isKeyless) assertBotAccess(caller, bot.id, { allowChatKey: true });
  if (read.record) return replayRecord(read.record, idempotency);
  const flow = await runtime.flows.getPublishedFlow(bot.publishedBotId);
  if (!flow) throw chatErrors.botNotFound();
  if (isKeyless) assertKeylessStartAllowed(bot, flow.settings);
  assertOriginAllowed(request, caller, flow.settings);
  await assertChatCanStart(runtime, bot, flow, scope.logger);

  const resumed = await resolveResumedResult(pool, { requested: input.resultId, botId: bot.id, flow });
  const languageHints = webLanguageHints(request, input);
  const { response, creation } = await startTurn(runtime, {
    mode: "live",
    bot,
    flow,
    input,
    resumed,
    languageHints,
  });
  if (protocol === "parley") return storeNewSession(pool, creation, response, idempotency);
  return storeNewSession(
    pool,
    { ...creation, isTypebotClient: true, isKeyless },
    toTypebotStartResponse(response, chatEnv.VIEWER_URL),
    idempotency,
  );
}
