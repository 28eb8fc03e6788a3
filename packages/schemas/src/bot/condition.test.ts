import { describe, expect, it } from "vitest";
import { comparisonOperators, conditionSchema } from "./condition";

describe("conditionSchema", () => {
  it("accepts every operator wire string", () => {
    expect(comparisonOperators).toEqual(
      expect.arrayContaining([
        "Greater or equal to",
        "Less or equal to",
        "Starts with",
        "Ends with",
        "Matches regex",
        "Does not match regex",
        "Is set",
        "Is empty",
      ]),
    );
    const condition = {
      logicalOperator: "OR",
      comparisons: comparisonOperators.map((comparisonOperator, index) => ({
        id: `c${index}`,
        variableId: "v1",
        comparisonOperator,
        value: "x",
      })),
    };
    expect(conditionSchema.parse(condition)).toEqual(condition);
  });

  it("rejects an unknown operator or logical operator", () => {
    expect(
      conditionSchema.safeParse({ comparisons: [{ id: "c", comparisonOperator: "equals" }] }).success,
    ).toBe(false);
    expect(conditionSchema.safeParse({ logicalOperator: "XOR", comparisons: [] }).success).toBe(false);
  });
});
