import { LRUCache } from "lru-cache";

/**
 * The published versions a process keeps (lru-cache): at most `maxEntries`, and at most `maxWeight` in total.
 * A value still loading weighs one unit until `weigh` gives its weight; an entry heavier than the whole budget
 * counts as the budget, so the newest one is kept whatever its size (and everything older goes).
 */
export function createFlowCache<K extends {}, V extends {}>(options: {
  maxEntries: number;
  maxWeight?: number;
}) {
  const maxSize = Math.max(1, Math.floor(options.maxWeight ?? Number.MAX_SAFE_INTEGER));
  const cache = new LRUCache<K, V>({ max: options.maxEntries, maxSize });
  const set = (key: K, value: V, weight = 1) => {
    // A new insert, so the size counts and the entry becomes the most recent.
    cache.delete(key);
    cache.set(key, value, { size: Math.min(Math.max(1, Math.ceil(weight)), maxSize) });
  };

  return {
    get: (key: K): V | undefined => cache.get(key),
    set,
    /** Sets the weight of an entry once it is known, if the entry still holds that value. */
    weigh(key: K, value: V, weight: number) {
      if (cache.peek(key) === value) set(key, value, weight);
    },
    delete: (key: K) => cache.delete(key),
    get size() {
      return cache.size;
    },
    get weight() {
      return cache.calculatedSize;
    },
  };
}
