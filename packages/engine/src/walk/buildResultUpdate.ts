import { resolveBotLanguage } from "@parley/schemas";
import { getFlowIndex } from "../flow/getFlowIndex";
import type { ResultUpdate, ResultVariable } from "../types/outcome";
import type { FlowFrame } from "../types/state";
import { getFrameFlow, getVisitorLanguage, type TurnContext } from "./TurnContext";

/**
 * The result row of a frame as it stands: non-session variables with a value (walked from the
 * values the session holds, so the cost follows the conversation, not the flow), started/completed.
 */
export const buildResultUpdate = (ctx: TurnContext, frame: FlowFrame, hasEnded: boolean): ResultUpdate => {
  const flow = getFrameFlow(ctx, frame);
  const { variablesById } = getFlowIndex(flow);
  const counters = ctx.state.results[frame.resultId];
  const hasStarted = (counters?.answerCount ?? 0) > 0;
  const variables: ResultVariable[] = [];
  for (const [id, value] of Object.entries(frame.variables)) {
    const variable = variablesById.get(id);
    if (variable && !variable.isSessionVariable) variables.push({ id, name: variable.name, value });
  }
  return {
    resultId: frame.resultId,
    botId: frame.botId,
    flowId: frame.flowId,
    variables,
    hasStarted,
    isCompleted: hasEnded && hasStarted,
    ...(flow.settings.languages
      ? { language: resolveBotLanguage(flow.settings, getVisitorLanguage(ctx)) }
      : {}),
  };
};
