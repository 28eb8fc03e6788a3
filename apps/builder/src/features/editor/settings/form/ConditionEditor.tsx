"use client";

import {
  type Comparison,
  type ComparisonOperator,
  type Condition,
  comparisonOperators,
} from "@parley/schemas";
import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Select } from "@/components/ui/Select";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { createId } from "../../createId";
import { VariablePicker } from "../../variables/VariablePicker";
import { TextField } from "./TextField";

const valuelessOperators = new Set<string>(["Is set", "Is empty"] satisfies ComparisonOperator[]);

/** Each comparison operator as the settings panel names it (the stored value is the English wire one). */
export const getOperatorLabels = (
  t: InterfaceTranslator<"ConditionEditor">,
): Record<ComparisonOperator, string> => ({
  "Equal to": t("equalTo"),
  "Not equal": t("notEqual"),
  Contains: t("contains"),
  "Does not contain": t("doesNotContain"),
  "Greater than": t("greaterThan"),
  "Less than": t("lessThan"),
  "Greater or equal to": t("greaterOrEqual"),
  "Less or equal to": t("lessOrEqual"),
  "Is set": t("isSet"),
  "Is empty": t("isEmpty"),
  "Starts with": t("startsWith"),
  "Ends with": t("endsWith"),
  "Matches regex": t("matchesRegex"),
  "Does not match regex": t("doesNotMatchRegex"),
});

/** What a comparison compares: a variable (conditions) or a sheet's column by its header (Google Sheets filters). */
type ComparisonSubject = "variable" | "column";
type EditedComparison = Comparison & { column?: string };

/** Comparisons joined by AND or OR: variable (or column), operator, value. */
export function ConditionEditor({
  value,
  subject = "variable",
  onChange,
}: {
  value: (Omit<Condition, "comparisons"> & { comparisons?: EditedComparison[] }) | undefined;
  subject?: ComparisonSubject;
  onChange: (value: Condition) => void;
}) {
  const t = useTranslations("ConditionEditor");
  const operatorLabels = getOperatorLabels(t);
  const comparisons = value?.comparisons ?? [];
  const logicalOperator = value?.logicalOperator ?? "AND";
  const update = (index: number, changes: Partial<EditedComparison>) =>
    onChange({
      ...value,
      logicalOperator,
      comparisons: comparisons.map((comparison, position) =>
        position === index ? { ...comparison, ...changes } : comparison,
      ),
    });
  return (
    <div className="flex flex-col gap-2" data-testid="condition-editor">
      {comparisons.map((comparison, index) => (
        <div key={comparison.id} className="flex flex-col gap-2">
          {index > 0 ? (
            <button
              type="button"
              className="self-center rounded-full border border-line px-3 py-0.5 text-[12px] font-semibold text-brand-700 hover:bg-brand-50"
              title={t("switchLogic")}
              onClick={() =>
                onChange({ ...value, comparisons, logicalOperator: logicalOperator === "AND" ? "OR" : "AND" })
              }
            >
              {logicalOperator === "AND" ? t("and") : t("or")}
            </button>
          ) : null}
          <div className="relative flex flex-col gap-2 rounded-lg border border-line bg-subtle/50 p-2.5 pr-9">
            {subject === "column" ? (
              <TextField
                value={comparison.column ?? ""}
                placeholder={t("column")}
                onChange={(text) => update(index, { column: text === "" ? undefined : text })}
              />
            ) : (
              <VariablePicker
                value={comparison.variableId}
                onChange={(variableId) => update(index, { variableId })}
              />
            )}
            <Select
              aria-label={t("operator")}
              value={comparison.comparisonOperator ?? "Equal to"}
              onChange={(event) =>
                update(index, {
                  comparisonOperator: comparisonOperators.find((operator) => operator === event.target.value),
                })
              }
            >
              {comparisonOperators.map((operator) => (
                <option key={operator} value={operator}>
                  {operatorLabels[operator]}
                </option>
              ))}
            </Select>
            {valuelessOperators.has(comparison.comparisonOperator ?? "") ? null : (
              <TextField
                value={comparison.value ?? ""}
                placeholder={t("value")}
                onChange={(text) => update(index, { value: text === "" ? undefined : text })}
              />
            )}
            <button
              type="button"
              aria-label={t("remove")}
              className="absolute top-2 right-2 rounded-md p-1 text-muted hover:bg-danger-50 hover:text-danger-600"
              onClick={() =>
                onChange({
                  ...value,
                  logicalOperator,
                  comparisons: comparisons.filter((_, position) => position !== index),
                })
              }
            >
              <Trash2 size={14} />
            </button>
          </div>
        </div>
      ))}
      <Button
        size="sm"
        className="self-start"
        onClick={() =>
          onChange({
            ...value,
            logicalOperator,
            comparisons: [...comparisons, { id: createId(), comparisonOperator: "Equal to" }],
          })
        }
      >
        <Plus size={14} /> {t("add")}
      </Button>
    </div>
  );
}
