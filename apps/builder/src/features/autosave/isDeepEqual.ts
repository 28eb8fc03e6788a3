/** Structural equality of JSON values (key order ignored). */
export function isDeepEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (!isIndexable(left) || !isIndexable(right)) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every((key) => isDeepEqual(left[key], right[key]));
}

/** A JSON object or array, read by key. */
function isIndexable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
