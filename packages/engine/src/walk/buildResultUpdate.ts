import type { ResultUpdate } from "../types/outcome";
import type { FlowFrame } from "../types/state";
import { getFrameFlow, type TurnContext } from "./TurnContext";

/** The result row of a frame as it stands: non-session variables with a value, started/completed. */
export const buildResultUpdate = (ctx: TurnContext, frame: FlowFrame, hasEnded: boolean): ResultUpdate => {
  const flow = getFrameFlow(ctx, frame);
  const counters = ctx.state.results[frame.resultId];
  const hasStarted = (counters?.answerCount ?? 0) > 0;
  return {
    resultId: frame.resultId,
    botId: frame.botId,
    flowId: frame.flowId,
    variables: flow.variables
      .filter((variable) => !variable.isSessionVariable && frame.variables[variable.id] !== undefined)
      .map((variable) => ({
        id: variable.id,
        name: variable.name,
        value: frame.variables[variable.id] ?? null,
      })),
    hasStarted,
    isCompleted: hasEnded && hasStarted,
  };
};
