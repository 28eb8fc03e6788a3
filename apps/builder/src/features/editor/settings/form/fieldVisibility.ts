import { getEditorBlockDefinition } from "../../store/getEditorBlockDefinition";

/**
 * Options that only mean something in some configurations, hidden otherwise (Set variable
 * value kinds, HTTP bodies, number currencies, …): each block definition says which of its
 * options apply (`settings.isFieldVisible`). `path` is the option's path in the block's
 * options; `options` the block's current options.
 */
/** An object or array of the options, read by key or index. */
function isIndexable(value: unknown): value is Record<string | number, unknown> {
  return typeof value === "object" && value !== null;
}

/** The form type of a block's items (`ItemsEditor`): the kind's type and this. */
const itemSuffix = " item";

export function isFieldVisible(
  blockType: string,
  path: readonly (string | number)[],
  options: Record<string, unknown>,
): boolean {
  // A display condition's comparisons matter only once the condition is switched on.
  if (path.at(-1) === "condition" && path.at(-2) === "displayCondition") {
    let parent: unknown = options;
    for (const segment of path.slice(0, -1)) parent = isIndexable(parent) ? parent[segment] : undefined;
    return isIndexable(parent) && parent.isEnabled === true;
  }
  // An item's fields (the form's type is "<kind> item"): the kind's own rule for its items.
  if (blockType.endsWith(itemSuffix)) {
    const isItemFieldVisible = getEditorBlockDefinition(blockType.slice(0, -itemSuffix.length))?.settings
      ?.items?.isFieldVisible;
    return isItemFieldVisible?.(path.join("."), options) ?? true;
  }
  const isVisible = getEditorBlockDefinition(blockType)?.settings?.isFieldVisible;
  return isVisible?.(path.join("."), options) ?? true;
}
