import { getFlowIndex } from "../flow/getFlowIndex";
import type { FlowSnapshot } from "../types/flow";
import type { SessionState } from "../types/state";

/**
 * updateBot: the session moves to `newFlow` keeping its variables, answers and position; variables
 * new in `newFlow` get their defaults; if the root bot's waiting block no longer exists, the next
 * continueChat starts again from the start event.
 */
export const updateSessionFlow = (state: SessionState, newFlow: FlowSnapshot): SessionState => {
  const next = structuredClone(state);
  const [root] = next.frames;
  if (!root) return next;
  for (const variable of newFlow.variables) {
    const isNew = !(variable.id in root.variables);
    if (isNew && variable.value !== undefined && variable.value !== null)
      root.variables[variable.id] = variable.value;
  }
  const index = getFlowIndex(newFlow);
  const rootCounters = next.results[root.resultId];
  if (rootCounters) rootCounters.flowId = newFlow.id;
  next.flowId = newFlow.id;
  root.flowId = newFlow.id;
  root.resumePoints = root.resumePoints.filter((point) => index.blocksById.has(point.blockId));
  if (root.returnMark && !index.blocksById.has(root.returnMark.blockId)) root.returnMark = null;
  const isWaitingInRoot = next.frames.length === 1;
  if (isWaitingInRoot && next.waitingFor && !index.blocksById.has(next.waitingFor.blockId))
    next.waitingFor = null;
  if (next.transcript === null && index.usesTranscript) next.transcript = [];
  return next;
};
