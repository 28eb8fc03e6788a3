import type { EnginePorts } from "../ports";
import { createSessionState } from "../state/createSessionState";
import type { ReplayedTranscript, ReplayProgress, ReplayRequest } from "../types/replay";
import { getStartStep } from "../walk/startFlow";
import { createTurnContext } from "../walk/TurnContext";
import { walkFlowForward } from "../walk/walkFlowForward";

const notRun = "not run while a result is replayed";

/**
 * Ports that do nothing: executors with side effects are skipped in a replay (`isSkippedInReplay`),
 * and these make sure anything else cannot reach the network, the sandbox or another bot (a link to
 * another bot is skipped, its answers are not in this flow).
 */
const createInertPorts = (): EnginePorts => {
  let idCount = 0;
  return {
    now: () => new Date(0),
    createId: () => `replay-${++idCount}`,
    random: () => 0,
    fetchHttp: async () => ({ ok: false, error: { code: "BLOCKED", message: notRun } }),
    runCode: async () => ({ ok: false, error: notRun }),
    evaluateExpression: async () => ({ ok: false, error: notRun }),
    loadBot: async () => null,
    environmentName: "web",
  };
};

/**
 * A stored result walked again by the engine over the flow it ran on, from the start event: the
 * same walk as a chat (walkFlowForward, jumps, returns, links to groups of the same bot, loops),
 * with each block replayed from the record instead of run (see replayBlock). Variables hold the
 * result's stored values. It stops at the end of the flow, at an input with no stored answer (or
 * another one than the next stored answer), or when the flow loops without an input.
 */
export const replayTranscript = async (request: ReplayRequest): Promise<ReplayedTranscript> => {
  const { flow } = request;
  const state = createSessionState({
    flow,
    isPreview: false,
    resultId: "replay",
    isStreamEnabled: false,
    isOnlyRegistering: false,
    textBubbleContentFormat: "richText",
    isProgressBarEnabled: false,
    prefilledVariables: Object.fromEntries(
      request.variables.map((variable) => [variable.name, variable.value]),
    ),
  });
  const ctx = createTurnContext(createInertPorts(), state, [flow], "richText");
  const replay: ReplayProgress = {
    answers: request.answers,
    visitedEdgeIds: request.visitedEdgeIds,
    entries: [],
    answeredCount: 0,
    visitedEdgeCount: 0,
    isInHandoff: request.isInHandoff ?? false,
  };
  ctx.replay = replay;
  await walkFlowForward(ctx, getStartStep(ctx, undefined));
  return { entries: replay.entries, answeredCount: replay.answeredCount };
};
