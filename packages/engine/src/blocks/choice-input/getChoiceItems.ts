import type { ChoiceInputBlock, ChoiceItem } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getVariableValue, type VariableScope } from "../../variables/VariableScope";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";
import { isItemDisplayed } from "../shared/isItemDisplayed";

/**
 * The buttons shown: from the list variable `dynamicVariableId` (ids `choice0…`, duplicates and
 * empty values dropped), else the block's items whose display condition holds, texts substituted.
 */
export const getChoiceItems = (run: BlockRun<ChoiceInputBlock>): ChoiceItem[] => {
  const scope = getCurrentScope(run.ctx);
  const dynamicVariableId = run.block.options?.dynamicVariableId;
  if (dynamicVariableId) return getDynamicItems(scope, dynamicVariableId);
  return (run.block.items ?? [])
    .filter((item) => isItemDisplayed(item.displayCondition, scope))
    .map((item) => ({
      ...item,
      ...(item.content !== undefined ? { content: parseVariables(item.content, scope) } : {}),
      ...(item.value !== undefined && item.value !== null
        ? { value: parseVariables(item.value, scope) }
        : {}),
    }));
};

const getDynamicItems = (scope: VariableScope, variableId: string): ChoiceItem[] => {
  const value = getVariableValue(scope, variableId);
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const unique = [...new Set(list.filter((item): item is string => typeof item === "string" && item !== ""))];
  return unique.map((content, position) => ({ id: `choice${position}`, content }));
};
