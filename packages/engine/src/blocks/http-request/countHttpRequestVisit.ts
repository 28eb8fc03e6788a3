import type { OutgoingHttpRequest } from "../../ports";
import { getCurrentFrame } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";

/**
 * Counts this server-side sending of the block (an HTTP request, a plug-in's call) in its result's progress and names it. The count
 * lives in the session state, so a turn retried from the same state (its first try not committed)
 * names the same visit, and the next pass through the block (a loop, a later turn) a new one.
 */
export const countHttpRequestVisit = (run: BlockRun): NonNullable<OutgoingHttpRequest["idempotency"]> => {
  const { resultId } = getCurrentFrame(run.ctx);
  const progress = run.ctx.state.results[resultId];
  const visit = (progress?.httpRequestVisits?.[run.block.id] ?? 0) + 1;
  if (progress) progress.httpRequestVisits = { ...progress.httpRequestVisits, [run.block.id]: visit };
  return { resultId, blockId: run.block.id, visit };
};
