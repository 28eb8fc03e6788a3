import type { TurnContext } from "./TurnContext";

/** Nothing is left to walk: the conversation is over. */
export const markFlowEnded = (ctx: TurnContext): void => {
  ctx.state.waitingFor = null;
  ctx.state.isCompleted = true;
  ctx.input = null;
};
