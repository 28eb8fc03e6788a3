import { describe, expect, it } from "vitest";
import { isDeepEqual } from "./isDeepEqual";

describe("isDeepEqual", () => {
  it("compares JSON structurally, ignoring key order and undefined keys", () => {
    expect(isDeepEqual({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toBe(true);
    expect(isDeepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(isDeepEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(isDeepEqual([1, 2], [2, 1])).toBe(false);
    expect(isDeepEqual({ 0: 1 }, [1])).toBe(false);
    expect(isDeepEqual(null, {})).toBe(false);
  });
});
