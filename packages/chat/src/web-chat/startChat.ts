import { assertBotAccess } from "@parley/platform/auth/authorizeChatCaller";
import { startChatRequestSchema } from "@parley/schemas";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { chatErrors } from "../core/chatErrors";
import { assertOriginAllowed } from "../core/http/cors";
import { replayRecord } from "../core/http/idempotency";
import { storeNewSession } from "../core/persistence/storeNewSession";
import { assertChatCanStart, startTurn } from "../core/turns/startTurn";
import { readStartChatRequest } from "./readStartChatRequest";
import { resolveResumedResult } from "./resolveResumedResult";
import { webLanguageHints } from "./webLanguageHints";

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
  return storeNewSession(pool, creation, response, idempotency);
}
