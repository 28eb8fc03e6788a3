/** A copy of a JSON value with every string (not keys) passed through `map`. */
export const mapJsonStrings = <T>(value: T, map: (text: string) => string): T => {
  if (typeof value === "string") return map(value) as T;
  if (Array.isArray(value)) {
    const items = new Array(value.length);
    for (let index = 0; index < value.length; index++) items[index] = mapJsonStrings(value[index], map);
    return items as T;
  }
  if (value && typeof value === "object") {
    // A plain loop (no entries arrays per object): this runs on every input's options each turn.
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = mapJsonStrings((value as Record<string, unknown>)[key], map);
      // An own "__proto__" key stays a key, as Object.fromEntries would keep it.
      if (key === "__proto__")
        Object.defineProperty(copy, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else copy[key] = item;
    }
    return copy as T;
  }
  return value;
};
