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
  const isVisible = getEditorBlockDefinition(blockType)?.settings?.isFieldVisible;
  return isVisible?.(path.join("."), options) ?? true;
}
