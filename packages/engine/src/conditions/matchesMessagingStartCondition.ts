import type { MessagingStartCondition } from "@parley/schemas";
import { compareValues } from "./compareValues";

/**
 * Whether a channel's first message starts a bot: each comparison tests the message text, combined
 * with AND (default) or OR like the condition block. A comparison without an operator never matches.
 */
export const matchesMessagingStartCondition = (condition: MessagingStartCondition, text: string): boolean => {
  const test = (comparison: MessagingStartCondition["comparisons"][number]) =>
    comparison.comparisonOperator !== undefined &&
    compareValues(text, comparison.comparisonOperator, comparison.value ?? null);
  return condition.logicalOperator === "OR"
    ? condition.comparisons.some(test)
    : condition.comparisons.every(test);
};
