import { describe, expect, it } from "vitest";
import { compareValues } from "./compareValues";

describe("compareValues", () => {
  it.each([
    ["Equal to", "Café", "Café", true],
    ["Equal to", "abc", "ABC", false],
    ["Equal to", null, null, true],
    ["Equal to", null, "", true],
    ["Equal to", "a", null, false],
    ["Not equal", "abc", "ABC", true],
    ["Not equal", "x", "x", false],
    ["Contains", " Hello World ", "world", true],
    ["Contains", "Hello", "bye", false],
    ["Contains", null, "x", false],
    ["Does not contain", "Hello", "bye", true],
    ["Does not contain", "Hello", "ell", false],
    ["Greater than", "10", "9", true],
    ["Greater than", "9", "10", false],
    ["Greater than", "2026-05-01", "2026-04-30", true],
    ["Greater than", "hello", "3", true],
    ["Greater than", "+5", "3", false],
    ["Greater than", "+5", "1", true],
    ["Less than", "2", "10", true],
    ["Less than", "2026-01-01", "2025-12-31", false],
    ["Greater or equal to", "5", "5", true],
    ["Greater or equal to", "4", "5", false],
    ["Less or equal to", "5", "5", true],
    ["Less or equal to", "6", "5", false],
    ["Is set", "x", null, true],
    ["Is set", "", null, false],
    ["Is set", null, null, false],
    ["Is empty", null, null, true],
    ["Is empty", "x", null, false],
    ["Starts with", " Hello", "he", true],
    ["Starts with", "Hello", "lo", false],
    ["Ends with", "Hello ", "LO", true],
    ["Ends with", "Hello", "he", false],
    ["Matches regex", "abc123", "/^[a-z]+\\d+$/", true],
    ["Matches regex", "ABC", "/^abc$/i", true],
    ["Matches regex", "ABC", "^abc$", false],
    ["Matches regex", "abc", "/[/", false],
    ["Does not match regex", "abc", "^\\d+$", true],
    ["Does not match regex", "123", "^\\d+$", false],
    ["Does not match regex", "abc", "/[/", false],
    ["Unknown operator", "a", "a", false],
  ] as const)("%s: %j vs %j → %s", (operator, left, right, expected) => {
    expect(compareValues(left, operator, right)).toBe(expected);
  });

  it("compares lists element-wise: some for contains and regex, every otherwise", () => {
    expect(compareValues(["red", "blue"], "Contains", "Blue")).toBe(true);
    expect(compareValues(["red", "blue"], "Contains", "bl")).toBe(false);
    expect(compareValues(["a1", "b"], "Matches regex", "\\d")).toBe(true);
    expect(compareValues(["x", "x"], "Equal to", "x")).toBe(true);
    expect(compareValues(["x", "y"], "Equal to", "x")).toBe(false);
    expect(compareValues(["ab", "ac"], "Starts with", "a")).toBe(true);
    expect(compareValues("b", "Equal to", ["a", "b"])).toBe(false);
    expect(compareValues("b", "Contains", ["a", "b"])).toBe(true);
    expect(compareValues([], "Is empty", null)).toBe(true);
  });

  it("compares list lengths for order operators", () => {
    expect(compareValues(["a", "b", "c"], "Greater than", "2")).toBe(true);
    expect(compareValues(["a"], "Less than", ["a", "b"])).toBe(true);
  });
});
