import type { ConditionBlock } from "@parley/schemas";
import { evaluateCondition } from "../../conditions/evaluateCondition";
import { getDefaultStep } from "../../walk/getDefaultStep";
import { getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/**
 * `Condition`: the first item whose condition holds decides — its edge, or the end of this path when
 * it has none; when none holds, the block's own edge ("else"), or the next block.
 */
export const condition: ActionExecutor<ConditionBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    const scope = getCurrentScope(ctx);
    const passed = (block.items ?? []).find((item) => evaluateCondition(item.content, scope));
    if (passed) {
      return passed.outgoingEdgeId
        ? { type: "edge", edgeId: passed.outgoingEdgeId, isOffDefaultPath: true }
        : { type: "endPath" };
    }
    return getDefaultStep(block);
  },
};
