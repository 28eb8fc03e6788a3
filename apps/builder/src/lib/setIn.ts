/**
 * A copy of `target` with `value` at `path`, creating the objects on the way; only the
 * objects along the path are copied. `undefined` removes the key.
 */
export function setIn<T extends object>(target: T, path: readonly string[], value: unknown): T {
  const [key, ...rest] = path;
  if (key === undefined) return value as T;
  const source = target as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...source };
  if (rest.length === 0) {
    if (value === undefined) delete copy[key];
    else copy[key] = value;
    return copy as T;
  }
  const inner = source[key];
  copy[key] = setIn(
    typeof inner === "object" && inner !== null && !Array.isArray(inner) ? inner : {},
    rest,
    value,
  );
  return copy as T;
}

/** The value at `path`, or undefined where the path breaks. */
export function getIn(target: unknown, path: readonly string[]): unknown {
  let current = target;
  for (const key of path) {
    if (!isIndexable(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** An object or array, read by key. */
function isIndexable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
