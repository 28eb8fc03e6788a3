import { createId, getPrisma } from "@parley/db";
import type { ChatSessionCreation } from "@parley/db/queries/createChatSession";
import { type FlowSnapshot, startChat as startEngineChat } from "@parley/engine";
import { isChatsLimitReached } from "@parley/platform/billing/isChatsLimitReached";
import type { Logger } from "@parley/platform/logger";
import { describeRiskHold, isRiskHeld, type RiskFacts } from "@parley/platform/risk/isRiskHeld";
import type { StartChatRequest } from "@parley/schemas";
import { chatErrors } from "../chatErrors";
import type { ChatRuntime } from "../createChatRuntime";
import { getBotClosedMessage } from "../handlers/getBotClosedMessage";
import { getSessionExpiry, toTurnWrites } from "../persistence/toTurnWrites";
import { toStartChatResponse } from "../responses/toStartChatResponse";
import { runEngineTurn } from "../runEngineTurn";

export interface StartableBot extends RiskFacts {
  id: string;
  workspaceId: string;
  isClosed: boolean;
  isWorkspaceSuspended: boolean;
}

/**
 * What refuses a new chat on a published bot, in the contract's order: closed (or held for review
 * because of its riskLevel, which answers the same, with a log line saying why), suspended, chats limit.
 */
export async function assertChatCanStart(
  runtime: ChatRuntime,
  bot: StartableBot,
  flow: FlowSnapshot,
  logger: Logger,
) {
  if (bot.isClosed) throw chatErrors.botClosed(getBotClosedMessage(flow.settings));
  if (isRiskHeld(bot)) {
    const hold = describeRiskHold(bot);
    logger.warn(hold.fields, hold.message);
    throw chatErrors.botClosed(getBotClosedMessage(flow.settings));
  }
  if (bot.isWorkspaceSuspended) throw chatErrors.workspaceSuspended();
  if (await isChatsLimitReached(getPrisma(), bot.workspaceId, runtime.now())) {
    throw chatErrors.chatsLimitReached();
  }
}

/**
 * The first turn of a published session: the engine's start within the turn budget, the start
 * response and the session row to create with its writes. startChat and the messaging channels
 * both start sessions through it; the caller stores `creation`.
 */
export async function runStartTurn(
  runtime: ChatRuntime,
  request: {
    bot: { id: string; workspaceId: string };
    flow: FlowSnapshot;
    input: Pick<
      StartChatRequest,
      "message" | "prefilledVariables" | "isStreamEnabled" | "isOnlyRegistering" | "textBubbleContentFormat"
    >;
    resumed?: { id: string; progress: Parameters<typeof startEngineChat>[0]["resumedResult"] } | null;
    /** A messaging channel's conversation (its payment inputs are paid through a link). */
    isOnMessagingChannel?: boolean;
  },
) {
  const { bot, flow, input, resumed } = request;
  const sessionId = createId();
  const resultId = resumed?.id ?? createId();
  const expiresAt = (isCompleted: boolean) =>
    getSessionExpiry(flow.settings, { now: runtime.now(), idleMs: runtime.sessionIdleMs, isCompleted });
  const outcome = await runEngineTurn(
    runtime,
    {
      workspaceId: bot.workspaceId,
      isPreview: false,
      previewSnapshots: {},
      ...(request.isOnMessagingChannel ? { paymentLink: { sessionId, expiresAt: expiresAt(false) } } : {}),
    },
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
          isOnMessagingChannel: request.isOnMessagingChannel,
        },
        ports,
      ),
  );
  const response = toStartChatResponse(outcome, {
    sessionId,
    flow,
    resultId: input.isOnlyRegistering ? null : resultId,
  });
  const creation: Omit<ChatSessionCreation, "guardRecord" | "records"> = {
    sessionId,
    botId: bot.id,
    publishedBotId: flow.id,
    isPreview: false,
    previewFlow: null,
    resultId,
    state: outcome.state,
    expiresAt: expiresAt(outcome.isCompleted),
    isCompleted: outcome.isCompleted,
    ...toTurnWrites(outcome, {
      isPreview: false,
      workspaceId: bot.workspaceId,
      publishedBotId: flow.id,
      writesResult: !input.isOnlyRegistering,
      activity: runtime.activity,
    }),
  };
  return { outcome, response, creation };
}
