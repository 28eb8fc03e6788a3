import type {
  PictureChoiceInputBlock,
  PictureChoiceInputOptions,
  PictureChoiceItem,
  VariableValue,
} from "@parley/schemas";
import { parseVariablesDeep } from "../../variables/parseVariablesDeep";
import { getVariableValue, type VariableScope } from "../../variables/VariableScope";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";
import { isItemDisplayed } from "../shared/isItemDisplayed";

type DynamicItems = NonNullable<PictureChoiceInputOptions["dynamicItems"]>;

/**
 * The pictures shown: built from list variables (sources, titles, descriptions by position) when
 * dynamic items are on, else the block's items whose display condition holds, texts substituted.
 */
export const getPictureChoiceItems = (run: BlockRun<PictureChoiceInputBlock>): PictureChoiceItem[] => {
  const scope = getCurrentScope(run.ctx);
  const dynamicItems = run.block.options?.dynamicItems;
  if (dynamicItems?.isEnabled) return getDynamicItems(scope, dynamicItems);
  return (run.block.items ?? [])
    .filter((item) => isItemDisplayed(item.displayCondition, scope))
    .map((item) => parseVariablesDeep(item, scope));
};

const getDynamicItems = (scope: VariableScope, dynamicItems: DynamicItems): PictureChoiceItem[] => {
  const sources = toList(getVariableValue(scope, dynamicItems.pictureSrcsVariableId));
  const titles = toList(getVariableValue(scope, dynamicItems.titlesVariableId));
  const descriptions = toList(getVariableValue(scope, dynamicItems.descriptionsVariableId));
  return sources.map((pictureSrc, position) => ({
    id: `choice${position}`,
    pictureSrc: pictureSrc ?? "",
    ...(titles[position] ? { title: titles[position] } : {}),
    ...(descriptions[position] ? { description: descriptions[position] } : {}),
  }));
};

const toList = (value: VariableValue): (string | null)[] =>
  Array.isArray(value) ? value : value ? [value] : [];
