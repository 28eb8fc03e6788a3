import { computeProgress } from "../progress/computeProgress";
import { computeDynamicTheme } from "../theme/computeDynamicTheme";
import type { ResultUpdate, TurnOutcome } from "../types/outcome";
import { buildResultUpdate } from "../walk/buildResultUpdate";
import { getVisitorLanguage, type TurnContext } from "../walk/TurnContext";

/** The turn's response, new state and rows to persist. */
export const buildTurnOutcome = (ctx: TurnContext): TurnOutcome => {
  const { state } = ctx;
  const root = state.frames[0];
  if (!root) throw new Error("Session state has no root frame");
  const isCompleted = state.isCompleted;
  const language = getVisitorLanguage(ctx);
  if (language) state.language = language;
  const progress = computeProgress(ctx);
  return {
    state,
    response: {
      messages: ctx.messages,
      input: isCompleted ? null : ctx.input,
      clientSideActions: ctx.clientSideActions,
      logs: ctx.logs
        .filter((entry) => state.isPreview || !entry.isHiddenFromLiveClient)
        .map((entry) => entry.log),
      dynamicTheme: computeDynamicTheme(ctx),
      progress,
      lastMessageNewFormat: ctx.lastMessageNewFormat,
      streamedMessageSources: ctx.streamedMessageSources,
      language: state.language ?? null,
    },
    newAnswers: ctx.newAnswers,
    visitedEdges: ctx.visitedEdges,
    result: buildResultUpdate(ctx, root, isCompleted),
    linkedResults: listLinkedResults(ctx, root.resultId),
    logsToPersist: ctx.logs.map((entry) => ({ ...entry.log, resultId: entry.resultId, botId: entry.botId })),
    isCompleted,
    handoff: ctx.handoff,
  };
};

const listLinkedResults = (ctx: TurnContext, rootResultId: string): ResultUpdate[] => {
  const updates: ResultUpdate[] = [];
  for (const resultId of ctx.touchedResultIds) {
    if (resultId === rootResultId) continue;
    const finished = ctx.finishedResults.get(resultId);
    const frame = ctx.state.frames.find((candidate) => candidate.resultId === resultId);
    if (finished) updates.push(finished);
    else if (frame) updates.push(buildResultUpdate(ctx, frame, false));
  }
  return updates;
};
