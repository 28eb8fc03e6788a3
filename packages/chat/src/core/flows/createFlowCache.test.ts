import { describe, expect, it } from "vitest";
import { createFlowCache } from "./createFlowCache";

describe("createFlowCache", () => {
  it("evicts the least recently used entry past the entry limit", () => {
    const cache = createFlowCache<string, number>({ maxEntries: 2 });
    cache.set("a", 1);
    cache.set("b", 2);
    cache.get("a");
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([1, undefined, 3]);
  });

  it("evicts by weight, keeping at least the newest entry", () => {
    const cache = createFlowCache<string, string>({ maxEntries: 10, maxWeight: 100 });
    cache.set("a", "a", 40);
    cache.set("b", "b", 40);
    cache.weigh("c", "c", 10);
    expect(cache.size).toBe(2);
    // Loading: one unit until weighed.
    cache.set("c", "c");
    cache.weigh("c", "other value", 70);
    expect(cache.weight).toBe(81);
    cache.weigh("c", "c", 50);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, "b", "c"]);
    expect(cache.weight).toBe(90);
    cache.set("huge", "huge", 500);
    expect(cache.size).toBe(1);
    expect(cache.get("huge")).toBe("huge");
    // It counts as the whole budget: the next entry evicts it.
    expect(cache.weight).toBe(100);
    cache.set("next", "next", 10);
    expect([cache.get("huge"), cache.get("next")]).toEqual([undefined, "next"]);
  });
});
