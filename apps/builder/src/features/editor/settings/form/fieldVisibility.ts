import { aiBlockTypes, isAiFieldVisible } from "../../../integrations/aiFieldVisibility";

/**
 * Options that only mean something in some configurations, hidden otherwise (Set variable
 * value kinds, HTTP bodies, number currencies, …). `path` is the option's path in the
 * block's options; `options` the block's current options.
 */
export function isFieldVisible(
  blockType: string,
  path: readonly (string | number)[],
  options: Record<string, unknown>,
): boolean {
  const key = path.join(".");
  if (aiBlockTypes.has(blockType) && path.length === 1) return isAiFieldVisible(blockType, key, options);
  // A display condition's comparisons matter only once the condition is switched on.
  if (path.at(-1) === "condition" && path.at(-2) === "displayCondition") {
    let parent: unknown = options;
    for (const segment of path.slice(0, -1))
      parent = (parent as Record<string, unknown> | undefined)?.[segment as string];
    return (parent as { isEnabled?: boolean } | undefined)?.isEnabled === true;
  }
  if (blockType === "Set variable") {
    const kind = (options.type as string | undefined) ?? "Custom";
    if (
      [
        "expressionToEvaluate",
        "isCode",
        "isExecutedOnClient",
        "saveErrorInVariableId",
        "expressionDescription",
      ].includes(key)
    )
      return kind === "Custom";
    if (key === "item") return kind === "Append value(s)";
    if (key === "timeZone") return ["Now", "Yesterday", "Tomorrow", "Today"].includes(kind);
    if (key.startsWith("mapListItemParams")) return kind === "Map item with same index";
    if (key === "saveItemInVariableId") return kind === "Pop" || kind === "Shift";
  }
  if (blockType === "number input") {
    if (key === "currency") return options.style === "currency";
    if (key === "unit") return options.style === "unit";
  }
  if (["Webhook", "Zapier", "Make.com", "Pabbly"].includes(blockType)) {
    if (key === "webhook.body") return options.isCustomBody === true;
  }
  if (
    blockType === "choice input" &&
    (key === "searchInputPlaceholder" || key === "areInitialSearchButtonsVisible")
  )
    return options.isSearchable === true;
  if (blockType === "picture choice input" && key === "searchInputPlaceholder")
    return options.isSearchable === true;
  if (blockType === "rating input" && key.startsWith("customIcon.svg"))
    return (options.customIcon as { isEnabled?: boolean } | undefined)?.isEnabled === true;
  if (blockType === "file input" && key === "allowedFileTypes.types")
    return (options.allowedFileTypes as { isEnabled?: boolean } | undefined)?.isEnabled === true;
  if (blockType === "Pixel" && key === "name") return options.eventType === "Custom";
  if (blockType === "Email" && key === "body") return options.isCustomBody === true;
  return true;
}
