import type { Condition } from "@parley/schemas";
import { evaluateCondition } from "../../conditions/evaluateCondition";
import type { VariableScope } from "../../variables/VariableScope";

/** Items with an enabled display condition are shown only when it holds. */
export const isItemDisplayed = (
  displayCondition: { isEnabled?: boolean; condition?: Condition } | undefined,
  scope: VariableScope,
): boolean => !displayCondition?.isEnabled || evaluateCondition(displayCondition.condition, scope);
