import { describe, expect, it } from "vitest";
import { matchesMessagingStartCondition } from "./matchesMessagingStartCondition";

describe("matchesMessagingStartCondition", () => {
  it("tests the message text with each comparison, AND by default", () => {
    const condition = {
      comparisons: [
        { id: "a", comparisonOperator: "Starts with" as const, value: "order" },
        { id: "b", comparisonOperator: "Contains" as const, value: "status" },
      ],
    };
    expect(matchesMessagingStartCondition(condition, "order status please")).toBe(true);
    expect(matchesMessagingStartCondition(condition, "order pizza")).toBe(false);
    expect(matchesMessagingStartCondition({ ...condition, logicalOperator: "OR" }, "order pizza")).toBe(true);
  });

  it("never matches a comparison without an operator", () => {
    expect(matchesMessagingStartCondition({ comparisons: [{ id: "a", value: "hi" }] }, "hi")).toBe(false);
  });
});
