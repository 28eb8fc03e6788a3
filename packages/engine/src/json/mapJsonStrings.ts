/** A copy of a JSON value with every string (not keys) passed through `map`. */
export const mapJsonStrings = <T>(value: T, map: (text: string) => string): T => {
  if (typeof value === "string") return map(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapJsonStrings(item, map)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapJsonStrings(item, map)]),
    ) as T;
  }
  return value;
};
