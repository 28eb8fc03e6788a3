import { z } from "zod";
import { textSchema } from "../text";
import type { BlockSummaryContext } from "./blocks/defineBlock";
import type { BlockTextKey } from "./blocks/editor-texts/blockEditorTexts";

/** Wire strings of comparison operators (shared by Condition blocks, display conditions, sheet filters). */
export const comparisonOperators = [
  "Equal to",
  "Not equal",
  "Contains",
  "Does not contain",
  "Greater than",
  "Less than",
  "Greater or equal to",
  "Less or equal to",
  "Is set",
  "Is empty",
  "Starts with",
  "Ends with",
  "Matches regex",
  "Does not match regex",
] as const;
export const comparisonOperatorSchema = z.enum(comparisonOperators).meta({ id: "ComparisonOperator" });
export type ComparisonOperator = z.infer<typeof comparisonOperatorSchema>;

export const logicalOperators = ["AND", "OR"] as const;
export const logicalOperatorSchema = z.enum(logicalOperators);
export type LogicalOperator = z.infer<typeof logicalOperatorSchema>;

/** A comparison still being edited may lack its variable, operator or value; it then evaluates to false. */
export const comparisonSchema = z
  .object({
    id: textSchema.min(1),
    variableId: textSchema.optional(),
    comparisonOperator: comparisonOperatorSchema.optional(),
    value: textSchema.optional(),
  })
  .meta({ id: "Comparison" });
export type Comparison = z.infer<typeof comparisonSchema>;

export const conditionSchema = z
  .object({
    logicalOperator: logicalOperatorSchema.optional(),
    comparisons: z.array(comparisonSchema).optional(),
  })
  .meta({ id: "Condition" });
export type Condition = z.infer<typeof conditionSchema>;

export const defaultCondition = {
  logicalOperator: "AND",
  comparisons: [],
} as const satisfies Condition;

/** Shown-or-hidden rule of a choice, picture choice or card item. */
export const displayConditionSchema = z
  .object({
    isEnabled: z.boolean().optional(),
    condition: conditionSchema.optional(),
  })
  .meta({ id: "DisplayCondition" });
export type DisplayCondition = z.infer<typeof displayConditionSchema>;

/** A condition in words: `{{Age}} greater than 18 AND …`, or null while no comparison names a variable. */
export function getConditionSummary(
  condition: Condition | undefined,
  context: BlockSummaryContext,
): string | null {
  const parts = (condition?.comparisons ?? [])
    .filter((comparison) => comparison.variableId)
    .map((comparison) => {
      const name = context.variableName(comparison.variableId) ?? "?";
      const operator = comparison.comparisonOperator ?? "Equal to";
      const value = operator === "Is set" || operator === "Is empty" ? "" : ` ${comparison.value ?? ""}`;
      return `{{${name}}} ${context.t(operatorTextKeys[operator])}${value}`;
    });
  const joiner = context.t(condition?.logicalOperator === "OR" ? "comparisonOr" : "comparisonAnd");
  return parts.length ? parts.join(` ${joiner} `) : null;
}

/** Each operator's words in a summary. */
const operatorTextKeys = {
  "Equal to": "operatorEqualTo",
  "Not equal": "operatorNotEqual",
  Contains: "operatorContains",
  "Does not contain": "operatorDoesNotContain",
  "Greater than": "operatorGreaterThan",
  "Less than": "operatorLessThan",
  "Greater or equal to": "operatorGreaterOrEqualTo",
  "Less or equal to": "operatorLessOrEqualTo",
  "Is set": "operatorIsSet",
  "Is empty": "operatorIsEmpty",
  "Starts with": "operatorStartsWith",
  "Ends with": "operatorEndsWith",
  "Matches regex": "operatorMatchesRegex",
  "Does not match regex": "operatorDoesNotMatchRegex",
} as const satisfies Record<ComparisonOperator, BlockTextKey>;
