/**
 * Rewrites every string of a JSON value through `rewrite(value, key)`; objects and arrays
 * that hold no changed string are returned as they were (structural sharing), so a
 * rewrite that changes nothing costs no re-render.
 */
export function rewriteStrings<T>(value: T, rewrite: (text: string, key: string) => string, key = ""): T {
  if (typeof value === "string") return rewrite(value, key) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((element) => {
      const rewritten = rewriteStrings(element, rewrite, key);
      changed ||= rewritten !== element;
      return rewritten;
    });
    return (changed ? next : value) as T;
  }
  if (value !== null && typeof value === "object") {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [entryKey, entry] of Object.entries(value)) {
      const rewritten = rewriteStrings(entry, rewrite, entryKey);
      changed ||= rewritten !== entry;
      next[entryKey] = rewritten;
    }
    return (changed ? next : value) as T;
  }
  return value;
}

/** Drops the object entries for which `shouldDrop(key, value)` holds, at any depth. */
export function dropEntries<T>(value: T, shouldDrop: (key: string, entry: unknown) => boolean): T {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((element) => {
      const kept = dropEntries(element, shouldDrop);
      changed ||= kept !== element;
      return kept;
    });
    return (changed ? next : value) as T;
  }
  if (value !== null && typeof value === "object") {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (shouldDrop(key, entry)) {
        changed = true;
        continue;
      }
      const kept = dropEntries(entry, shouldDrop);
      changed ||= kept !== entry;
      next[key] = kept;
    }
    return (changed ? next : value) as T;
  }
  return value;
}

/** Visits every string of a JSON value with the key that holds it. */
export function visitStrings(value: unknown, visit: (text: string, key: string) => void, key = ""): void {
  if (typeof value === "string") visit(value, key);
  else if (Array.isArray(value)) for (const element of value) visitStrings(element, visit, key);
  else if (value !== null && typeof value === "object")
    for (const [entryKey, entry] of Object.entries(value)) visitStrings(entry, visit, entryKey);
}
