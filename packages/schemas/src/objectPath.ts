/** One step of a path: an object's key or an array's index. */
export type PathKey = string | number;

/**
 * Keys no path may name: reading them reaches the object's prototype, writing them would replace it
 * (an object built from stored or received JSON must never gain another prototype).
 */
const refusedKeys: ReadonlySet<PathKey> = new Set(["__proto__", "prototype", "constructor"]);

/** Whether `key` may be read or written by a path. */
export const isAllowedPathKey = (key: PathKey) => !refusedKeys.has(key);

const isObject = (value: unknown): value is Record<PathKey, unknown> =>
  typeof value === "object" && value !== null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && !Array.isArray(value);

/**
 * The value at `path`: an object's own key or an array's index at each step; undefined where the
 * path breaks (a missing key, a value that is not an object or array) or names a refused key.
 */
export function readPath(value: unknown, path: readonly PathKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isObject(current) || !isAllowedPathKey(key) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

export interface WritePathOptions {
  /**
   * Also removes the objects a removal (`undefined`) leaves empty on the way, so a form that clears
   * its last field leaves no empty object behind.
   */
  pruneEmpty?: boolean;
}

/**
 * A copy of `value` with `next` at `path`; only the objects and arrays along the path are copied,
 * the rest is shared. A missing step is created: an array for a number key, an object otherwise;
 * a step that cannot hold the key (a primitive, or an array for a text key) is replaced likewise.
 * `undefined` removes an object's key (an array keeps its length). Throws on a refused key.
 */
export function writePath<T>(
  value: T,
  path: readonly PathKey[],
  next: unknown,
  options: WritePathOptions = {},
): T {
  const refused = path.find((key) => !isAllowedPathKey(key));
  if (refused !== undefined) throw new Error(`The path names "${String(refused)}", which cannot be written`);
  return writeStep(value, path, 0, next, options.pruneEmpty ?? false) as T;
}

function writeStep(
  value: unknown,
  path: readonly PathKey[],
  at: number,
  next: unknown,
  prune: boolean,
): unknown {
  if (at === path.length) return next;
  const key = path[at]!;
  if (typeof key === "number" && Array.isArray(value)) {
    const copy = [...value];
    copy[key] = writeStep(value[key], path, at + 1, next, prune);
    return copy;
  }
  if (typeof key === "number" && !isRecord(value)) {
    const created: unknown[] = [];
    created[key] = writeStep(undefined, path, at + 1, next, prune);
    return created;
  }
  const source = isRecord(value) ? value : {};
  const child = writeStep(Object.hasOwn(source, key) ? source[key] : undefined, path, at + 1, next, prune);
  const copy: Record<string, unknown> = { ...source };
  const emptied = prune && at + 1 < path.length && isRecord(child) && Object.keys(child).length === 0;
  if (child === undefined || emptied) delete copy[key];
  else copy[key] = child;
  return copy;
}

const pathStep = /([A-Za-z_$][\w$]*)|\[(\d+)\]|\["([^"\]]*)"\]|\['([^'\]]*)'\]/g;
const propertyPath = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*|\[\d+\]|\["[^"\]]*"\]|\['[^'\]]*'\])*$/;

/**
 * The keys of a property path written as in JavaScript (`data.items[0].name`, `headers["x-id"]`,
 * `rows['a b']`): a name, then `.name`, `[index]` or a quoted `["key"]` / `['key']` steps. Undefined
 * for any other text (an expression, an empty text).
 */
export function parsePropertyPath(text: string): PathKey[] | undefined {
  if (!propertyPath.test(text)) return undefined;
  return [...text.matchAll(pathStep)].map((match) =>
    match[2] !== undefined ? Number(match[2]) : (match[1] ?? match[3] ?? match[4] ?? ""),
  );
}
