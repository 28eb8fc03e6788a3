import { getFlowIndex } from "../../flow/getFlowIndex";
import { getDefaultVariableValues } from "../../state/createSessionState";
import type { FlowSnapshot } from "../../types/flow";
import type { FlowFrame } from "../../types/state";
import { createVariableScope } from "../../variables/VariableScope";
import type { NextStep } from "../../walk/NextStep";
import { getCurrentFrame, getFrameFlow, type TurnContext } from "../../walk/TurnContext";
import { resolveTargetGroup } from "../shared/resolveTargetGroup";

/**
 * Pushes a linked bot: its variables start from its defaults plus the caller's values by name; with
 * `mergeResults` it writes into the caller's result, otherwise into a new one. Returns where to start
 * in it: the chosen group, else its start event.
 */
export const enterLinkedBot = (
  ctx: TurnContext,
  flow: FlowSnapshot,
  options: { groupReference?: string; mergeResults: boolean },
): NextStep => {
  const parent = getCurrentFrame(ctx);
  const parentFlow = getFrameFlow(ctx, parent);
  const variables = getDefaultVariableValues(flow);
  const childIndex = getFlowIndex(flow);
  for (const variable of parentFlow.variables) {
    const value = parent.variables[variable.id];
    const target = childIndex.variablesByName.get(variable.name);
    if (value !== undefined && target) variables[target.id] = value;
  }
  const resultId = options.mergeResults ? parent.resultId : ctx.ports.createId();
  if (!options.mergeResults) {
    ctx.state.results[resultId] = {
      botId: flow.botId,
      flowId: flow.id,
      answerCount: 0,
      visitedEdgeCount: 0,
      answers: [],
    };
    ctx.touchedResultIds.add(resultId);
  }
  const frame: FlowFrame = {
    flowId: flow.id,
    botId: flow.botId,
    resultId,
    isMergingWithParent: options.mergeResults,
    variables,
    resumePoints: [],
    returnMark: null,
  };
  ctx.flows.set(flow.id, flow);
  ctx.state.frames.push(frame);
  if (childIndex.usesTranscript) ctx.state.transcript ??= [];
  const group = resolveTargetGroup(options.groupReference, childIndex, createVariableScope(flow, variables));
  if (group) return { type: "group", groupId: group.id };
  const start = childIndex.startEvent?.outgoingEdgeId;
  return start ? { type: "edge", edgeId: start } : { type: "endPath" };
};
