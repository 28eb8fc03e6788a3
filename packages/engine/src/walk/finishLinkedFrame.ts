import { createVariableScope, setVariableValue } from "../variables/VariableScope";
import { buildResultUpdate } from "./buildResultUpdate";
import { getCurrentFrame, getFrameFlow, type TurnContext } from "./TurnContext";

/**
 * A linked bot's path ended: its variables flow back into the parent by name, its own result (when
 * not merged) is complete, and the walk continues in the parent.
 */
export const finishLinkedFrame = (ctx: TurnContext): void => {
  const child = ctx.state.frames.pop();
  if (!child) return;
  const parent = getCurrentFrame(ctx);
  const childFlow = getFrameFlow(ctx, child);
  const parentScope = createVariableScope(getFrameFlow(ctx, parent), parent.variables);
  for (const variable of childFlow.variables) {
    const value = child.variables[variable.id];
    const target = parentScope.index.variablesByName.get(variable.name);
    if (value !== undefined && target) setVariableValue(parentScope, target.id, value);
  }
  if (!child.isMergingWithParent && child.resultId !== parent.resultId) {
    ctx.finishedResults.set(child.resultId, buildResultUpdate(ctx, child, true));
    ctx.touchedResultIds.add(child.resultId);
    delete ctx.state.results[child.resultId];
  }
};
