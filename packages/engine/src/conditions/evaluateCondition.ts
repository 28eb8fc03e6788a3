import type { Comparison, Condition, VariableValue } from "@parley/schemas";
import { getSingleVariableReference, parseVariables } from "../variables/parseVariables";
import { getVariableValue, getVariableValueByName, type VariableScope } from "../variables/VariableScope";
import { compareValues } from "./compareValues";

/** AND (default) or OR over the comparisons; no comparisons is false. */
export const evaluateCondition = (condition: Condition | undefined | null, scope: VariableScope): boolean => {
  const comparisons = condition?.comparisons ?? [];
  if (comparisons.length === 0) return false;
  const test = (comparison: Comparison) => evaluateComparison(comparison, scope);
  return condition?.logicalOperator === "OR" ? comparisons.some(test) : comparisons.every(test);
};

const evaluateComparison = (comparison: Comparison, scope: VariableScope): boolean => {
  if (!comparison.variableId || !comparison.comparisonOperator) return false;
  const left = getVariableValue(scope, comparison.variableId);
  return compareValues(left, comparison.comparisonOperator, resolveRightSide(comparison.value, scope));
};

/** "undefined"/"null" mean unset; a lone `{{Variable}}` keeps its raw value (lists too). */
const resolveRightSide = (value: string | undefined, scope: VariableScope): VariableValue => {
  if (value === undefined || value === "undefined" || value === "null") return null;
  const reference = getSingleVariableReference(value);
  if (reference) return getVariableValueByName(scope, reference);
  return parseVariables(value, scope);
};
