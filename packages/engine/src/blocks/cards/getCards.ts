import type { CardItem, CardsBlock, VariableValue } from "@parley/schemas";
import { getSingleVariableReference } from "../../variables/parseVariables";
import { parseVariablesDeep } from "../../variables/parseVariablesDeep";
import { getVariableValueByName, type VariableScope } from "../../variables/VariableScope";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";
import { isItemDisplayed } from "../shared/isItemDisplayed";

const EXPANDABLE_FIELDS = ["imageUrl", "title", "description"] as const;

/**
 * The cards shown: those whose display condition holds, texts substituted. A single card whose
 * fields are list variables becomes one card per element (ids and path ids get `-n` suffixes).
 */
export const getCards = (run: BlockRun<CardsBlock>): CardItem[] => {
  const scope = getCurrentScope(run.ctx);
  const cards = (run.block.items ?? []).filter((card) =>
    isItemDisplayed(card.options?.displayCondition, scope),
  );
  const [single] = cards;
  if (cards.length === 1 && single) {
    const expanded = expandListCard(single, scope);
    if (expanded) return expanded;
  }
  return cards.map((card) => parseVariablesDeep(card, scope));
};

const expandListCard = (card: CardItem, scope: VariableScope): CardItem[] | undefined => {
  const lists = new Map<(typeof EXPANDABLE_FIELDS)[number], VariableValue>();
  for (const field of EXPANDABLE_FIELDS) {
    const reference = getSingleVariableReference(card[field]);
    const value = reference ? getVariableValueByName(scope, reference) : null;
    if (Array.isArray(value)) lists.set(field, value);
  }
  if (lists.size === 0) return undefined;
  const count = Math.max(...[...lists.values()].map((value) => (Array.isArray(value) ? value.length : 0)));
  const base = parseVariablesDeep(card, scope);
  return Array.from({ length: count }, (_, position) => {
    const expanded: CardItem = { ...base, id: `${card.id}-${position}` };
    for (const [field, value] of lists)
      expanded[field] = (Array.isArray(value) ? value[position] : null) ?? "";
    expanded.paths = (base.paths ?? []).map((path) => ({ ...path, id: `${path.id}-${position}` }));
    return expanded;
  });
};
