import type { ComparisonOperator } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { createFlow } from "../testing";
import { createVariableScope } from "../variables/VariableScope";
import { evaluateCondition } from "./evaluateCondition";

const scope = createVariableScope(
  createFlow({
    groups: [],
    variables: [
      { id: "age", name: "Age" },
      { id: "name", name: "Name" },
      { id: "colors", name: "Colors" },
      { id: "limit", name: "Limit" },
    ],
  }),
  { age: "20", name: "Ada", colors: ["red", "green"], limit: "18" },
);

const comparison = (variableId: string, comparisonOperator: ComparisonOperator, value?: string) => ({
  id: `${variableId}-${comparisonOperator}`,
  variableId,
  comparisonOperator,
  ...(value !== undefined ? { value } : {}),
});

describe("evaluateCondition", () => {
  it("ANDs by default and ORs when asked", () => {
    const comparisons = [comparison("age", "Greater than", "18"), comparison("name", "Equal to", "Bob")];
    expect(evaluateCondition({ comparisons }, scope)).toBe(false);
    expect(evaluateCondition({ logicalOperator: "OR", comparisons }, scope)).toBe(true);
  });

  it("is false without comparisons, variable or operator", () => {
    expect(evaluateCondition({ comparisons: [] }, scope)).toBe(false);
    expect(evaluateCondition(undefined, scope)).toBe(false);
    expect(evaluateCondition({ comparisons: [{ id: "c", comparisonOperator: "Is set" }] }, scope)).toBe(
      false,
    );
    expect(evaluateCondition({ comparisons: [{ id: "c", variableId: "name" }] }, scope)).toBe(false);
  });

  it("resolves the right side: null words, a lone variable (lists kept), substituted text", () => {
    expect(evaluateCondition({ comparisons: [comparison("name", "Not equal", "null")] }, scope)).toBe(true);
    expect(evaluateCondition({ comparisons: [comparison("age", "Greater than", "{{Limit}}")] }, scope)).toBe(
      true,
    );
    expect(evaluateCondition({ comparisons: [comparison("name", "Equal to", "{{Name}}")] }, scope)).toBe(
      true,
    );
    expect(evaluateCondition({ comparisons: [comparison("name", "Contains", "{{Colors}}")] }, scope)).toBe(
      false,
    );
    expect(evaluateCondition({ comparisons: [comparison("colors", "Contains", "GREEN")] }, scope)).toBe(true);
    expect(evaluateCondition({ comparisons: [comparison("name", "Equal to", "A{{Nope}}da")] }, scope)).toBe(
      true,
    );
  });
});
