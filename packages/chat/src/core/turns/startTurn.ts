import { createId, getPrisma } from "@parley/db";
import type { ChatSessionCreation } from "@parley/db/queries/createChatSession";
import { freePreviewSessionId } from "@parley/db/queries/replacePreviewSession";
import {
  type FlowSnapshot,
  type LanguageHints,
  type MessagingChannelName,
  startChat as startEngineChat,
} from "@parley/engine";
import { isChatsLimitReached } from "@parley/platform/billing/isChatsLimitReached";
import type { Logger } from "@parley/platform/logger";
import { countChatTurn } from "@parley/platform/metrics";
import { describeRiskHold, isRiskHeld, type RiskFacts } from "@parley/platform/risk/isRiskHeld";
import type { PreviewStartChatRequest, StartChatRequest } from "@parley/schemas";
import { chatErrors } from "../chatErrors";
import type { ChatRuntime } from "../chatRuntime";
import { getSessionExpiry, toTurnWrites } from "../persistence/toTurnWrites";
import { toStartChatResponse } from "../responses/toStartChatResponse";
import { getBotClosedMessage } from "./getBotClosedMessage";
import { runEngineTurn } from "./runEngineTurn";

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

type StartInput = Pick<
  StartChatRequest,
  "message" | "prefilledVariables" | "isStreamEnabled" | "isOnlyRegistering" | "textBubbleContentFormat"
>;

/** A session on the bot's published version: startChat, and a messaging channel's new conversation. */
export interface LiveStart {
  mode: "live";
  bot: { id: string; workspaceId: string };
  flow: FlowSnapshot;
  input: StartInput;
  resumed?: { id: string; progress: Parameters<typeof startEngineChat>[0]["resumedResult"] } | null;
  /** A messaging channel's conversation (its payment inputs are paid through a link). */
  isOnMessagingChannel?: boolean;
  /** Which channel that conversation is on. */
  messagingChannel?: MessagingChannelName;
  /** What the request or the channel tells of the visitor's language (docs/languages.md). */
  languageHints?: LanguageHints;
}

/** A session on the draft, recording nothing: preview startChat (the caller's sessionId, when given, is freed first). */
export interface PreviewStart {
  mode: "preview";
  bot: { id: string; workspaceId: string };
  flow: FlowSnapshot;
  input: StartInput & Pick<PreviewStartChatRequest, "startFrom" | "isProgressBarEnabled" | "sessionId">;
  languageHints?: LanguageHints;
}

/** The builder's "Send test message": the first turn run like a preview, with no session at all. */
export interface TestMessageStart {
  mode: "testMessage";
  flow: FlowSnapshot;
}

export type StartTurnRequest = LiveStart | PreviewStart | TestMessageStart;

/** The session row to create with the turn's writes; the caller stores it (with its replay records). */
export type StartedSession = Omit<ChatSessionCreation, "guardRecord" | "records">;

/**
 * The first turn of a chat, in each of its modes: the engine's start within the turn budget, the start
 * response and, except for a test message, the session row to create with its writes. Every start of
 * the package runs through it: startChat (live), preview startChat (preview), a messaging channel's
 * new conversation (live, on a channel) and the builder's test message (testMessage).
 */
export async function startTurn(
  runtime: ChatRuntime,
  request: LiveStart | PreviewStart,
): Promise<{ outcome: StartOutcome; response: StartChatResponse; creation: StartedSession }>;
export async function startTurn(
  runtime: ChatRuntime,
  request: TestMessageStart,
): Promise<{ outcome: StartOutcome; response: StartChatResponse }>;
export async function startTurn(
  runtime: ChatRuntime,
  request: StartTurnRequest,
): Promise<{ outcome: StartOutcome; response: StartChatResponse; creation?: StartedSession }> {
  const { flow } = request;
  const isLive = request.mode === "live";
  const workspaceId = request.mode === "testMessage" ? flow.workspaceId : request.bot.workspaceId;
  const sessionId = request.mode === "preview" ? (request.input.sessionId ?? createId()) : createId();
  const resultId = (request.mode === "live" ? request.resumed?.id : undefined) ?? createId();
  const expiresAt = (isCompleted: boolean) =>
    getSessionExpiry(flow.settings, { now: runtime.now(), idleMs: runtime.sessionIdleMs, isCompleted });
  // Preview only: the draft snapshots of the session by id (linked drafts are added as they load).
  const previewSnapshots: Record<string, FlowSnapshot> = isLive ? {} : { [flow.id]: flow };
  let outcome: StartOutcome;
  try {
    outcome = await runEngineTurn(
      runtime,
      {
        workspaceId,
        isPreview: !isLive,
        previewSnapshots,
        ...(request.mode === "live" && request.isOnMessagingChannel
          ? { paymentLink: { sessionId, expiresAt: expiresAt(false) } }
          : {}),
      },
      (ports) => startEngineChat(toEngineStart(request, resultId), ports),
    );
  } catch (error) {
    countChatTurn("start", "failed");
    throw error;
  }
  countChatTurn("start", outcome.isCompleted ? "completed" : "waiting");
  if (request.mode === "testMessage") {
    return { outcome, response: toStartChatResponse(outcome, { sessionId, flow, resultId: null }) };
  }
  if (request.mode === "preview") {
    const { bot, input } = request;
    if (input.sessionId && !(await freePreviewSessionId(runtime.getPool(), sessionId, bot.id))) {
      throw chatErrors.noAccess();
    }
    const response = toStartChatResponse(outcome, { sessionId, flow, resultId: null });
    const creation: StartedSession = {
      sessionId,
      botId: bot.id,
      publishedBotId: null,
      isPreview: true,
      previewFlow: { snapshots: previewSnapshots },
      resultId: null,
      state: outcome.state,
      expiresAt: expiresAt(false),
      isCompleted: outcome.isCompleted,
      // The author trying the draft: no rows, activity of the workspace (no published version).
      ...toTurnWrites(outcome, {
        isPreview: true,
        workspaceId,
        publishedBotId: null,
        writesResult: false,
        activity: runtime.activity,
      }),
    };
    return { outcome, response, creation };
  }
  const { bot, input } = request;
  const response = toStartChatResponse(outcome, {
    sessionId,
    flow,
    resultId: input.isOnlyRegistering ? null : resultId,
  });
  const creation: StartedSession = {
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
      workspaceId,
      publishedBotId: flow.id,
      writesResult: !input.isOnlyRegistering,
      activity: runtime.activity,
    }),
  };
  return { outcome, response, creation };
}

type StartOutcome = Awaited<ReturnType<typeof startEngineChat>>;
type StartChatResponse = ReturnType<typeof toStartChatResponse>;

/** The engine's start of each mode. */
function toEngineStart(request: StartTurnRequest, resultId: string): Parameters<typeof startEngineChat>[0] {
  const { flow } = request;
  if (request.mode === "testMessage") {
    return {
      flow,
      isPreview: true,
      resultId,
      isStreamEnabled: false,
      isOnlyRegistering: false,
      textBubbleContentFormat: "richText",
    };
  }
  const { input } = request;
  if (request.mode === "preview") {
    return {
      flow,
      isPreview: true,
      resultId,
      message: input.message,
      prefilledVariables: input.prefilledVariables,
      startFrom: request.input.startFrom,
      isStreamEnabled: input.isStreamEnabled,
      isOnlyRegistering: input.isOnlyRegistering,
      textBubbleContentFormat: input.textBubbleContentFormat,
      isProgressBarEnabled: request.input.isProgressBarEnabled,
      languageHints: request.languageHints,
    };
  }
  return {
    flow,
    isPreview: false,
    resultId,
    resumedResult: request.resumed?.progress,
    message: input.message,
    prefilledVariables: input.prefilledVariables,
    isStreamEnabled: input.isStreamEnabled,
    isOnlyRegistering: input.isOnlyRegistering,
    textBubbleContentFormat: input.textBubbleContentFormat,
    isOnMessagingChannel: request.isOnMessagingChannel,
    messagingChannel: request.messagingChannel,
    languageHints: request.languageHints,
  };
}
