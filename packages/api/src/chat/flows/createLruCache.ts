/** A bounded map keeping the most recently used entries (Map iteration order is insertion order). */
export function createLruCache<K, V>(maxEntries: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: K, value: V) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as K;
        entries.delete(oldest);
      }
    },
    delete: (key: K) => entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}
