import { createId } from "@parley/db";
import type { ChatTurnWrites } from "@parley/db/queries/chatTurnWrites";
import type { TurnOutcome } from "@parley/engine";
import type { ActivityThrottle } from "@parley/platform/activity/createActivityThrottle";
import type { Settings } from "@parley/schemas";

/**
 * The rows a turn writes. Preview sessions write none (no result, answers,
 * visited edges or logs); a session only registering has no result yet (it is
 * created by the first continueChat, so it counts as a chat from then on).
 * The turn is activity of its workspace and, outside previews, of its published bot (when due).
 */
export function toTurnWrites(
  outcome: TurnOutcome,
  context: {
    isPreview: boolean;
    workspaceId: string;
    publishedBotId: string | null;
    writesResult: boolean;
    activity: ActivityThrottle;
  },
): Omit<ChatTurnWrites, "records"> {
  const activity = context.activity.take({
    workspaceId: context.workspaceId,
    publishedBotId: context.isPreview ? null : context.publishedBotId,
  });
  const inbox = toInboxWrites(outcome, context);
  if (context.isPreview) return { results: [], answers: [], visitedEdges: [], logs: [], activity, ...inbox };
  const results = context.writesResult ? [outcome.result, ...outcome.linkedResults] : outcome.linkedResults;
  return {
    results: results.map((result) => ({
      id: result.resultId,
      botId: result.botId,
      workspaceId: context.workspaceId,
      publishedBotId: result.flowId,
      variables: result.variables,
      hasStarted: result.hasStarted,
      isCompleted: result.isCompleted,
      language: result.language ?? null,
    })),
    answers: outcome.newAnswers.map((answer) => ({
      id: createId(),
      resultId: answer.resultId,
      index: answer.index,
      blockId: answer.blockId,
      groupId: answer.groupId,
      itemId: answer.itemId ?? null,
      variableId: answer.variableId ?? null,
      content: answer.content,
      attachedFileUrls: answer.attachedFileUrls ?? null,
    })),
    visitedEdges: outcome.visitedEdges.map((edge) => ({
      resultId: edge.resultId,
      index: edge.index,
      edgeId: edge.edgeId,
    })),
    logs: outcome.logsToPersist.map((log) => ({
      id: createId(),
      botId: log.botId,
      resultId: log.resultId,
      status: log.status,
      description: log.description,
      details: log.details ?? null,
      context: log.context ?? null,
    })),
    activity,
    ...inbox,
  };
}

/**
 * The inbox rows of a turn, previews included (an author tries the handoff with the inbox): the
 * conversation a Human handoff block opened, in its workspace, and the visitor's messages to it.
 */
function toInboxWrites(
  outcome: TurnOutcome,
  context: { isPreview: boolean; workspaceId: string },
): Pick<ChatTurnWrites, "conversations" | "conversationMessages"> {
  const { opened, visitorMessages } = outcome.handoff;
  return {
    conversations: opened
      ? [
          {
            id: opened.conversationId,
            workspaceId: context.workspaceId,
            botId: opened.botId,
            resultId: context.isPreview ? null : opened.resultId,
            blockId: opened.blockId,
            // `messaging`: a session started before its channel was kept; the write resolves it from its account.
            channel: context.isPreview
              ? "preview"
              : outcome.state.isOnMessagingChannel
                ? (outcome.state.messagingChannel ?? "messaging")
                : "web",
            team: opened.team,
            pickUpTimeoutAt: opened.pickUpTimeoutAt,
            waitingEmailAt: opened.waitingEmailAt,
            language: opened.language,
            summary: opened.summary,
            queuePosition: opened.queuePosition,
          },
        ]
      : [],
    conversationMessages: visitorMessages.map((message) => ({
      id: createId(),
      conversationId: message.conversationId,
      text: message.text,
    })),
  };
}

/**
 * When the session stops accepting turns: the flow's sessionExpiryTimeout
 * (hours) after this turn when set, else the install's one default
 * (CHAT_SESSION_IDLE_HOURS, which the builder shows for an unset field), web
 * and messaging sessions alike. An ended session expires at once (kept for the
 * cleanup's grace period).
 */
export function getSessionExpiry(
  settings: Settings,
  options: { now: Date; idleMs: number; isCompleted: boolean },
): Date {
  if (options.isCompleted) return options.now;
  const hours = settings.messaging?.sessionExpiryTimeout;
  const timeoutMs = hours && hours > 0 ? hours * 3_600_000 : options.idleMs;
  return new Date(options.now.getTime() + timeoutMs);
}
