/**
 * A map keeping the most recently used entries within `maxEntries` and a total weight of
 * `maxWeight` (Map iteration order is insertion order; a read re-inserts).
 */
export function createLruCache<K, V>(options: { maxEntries: number; maxWeight?: number }) {
  const entries = new Map<K, { value: V; weight: number }>();
  let totalWeight = 0;
  const maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;

  const remove = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return false;
    entries.delete(key);
    totalWeight -= entry.weight;
    return true;
  };

  const set = (key: K, value: V, weight = 0) => {
    remove(key);
    entries.set(key, { value, weight });
    totalWeight += weight;
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && totalWeight <= maxWeight) break;
      if (oldest === key && entries.size === 1) break;
      remove(oldest);
    }
  };

  return {
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set,
    /** Sets the weight of an entry once it is known (a value still loading weighs nothing). */
    weigh(key: K, value: V, weight: number) {
      if (entries.get(key)?.value === value) set(key, value, weight);
    },
    delete: remove,
    get size() {
      return entries.size;
    },
    get weight() {
      return totalWeight;
    },
  };
}
