/**
 * `T` (a partial document shape) with the fields present in the defaults `D` made
 * required, recursively through nested plain objects.
 */
export type WithDefaults<T, D> = {
  [K in keyof T as K extends keyof D ? never : K]: T[K];
} & {
  [K in keyof T & keyof D]-?: D[K] extends null
    ? Exclude<T[K], undefined>
    : D[K] extends readonly unknown[]
      ? NonNullable<T[K]>
      : NonNullable<T[K]> extends Record<string, unknown>
        ? WithDefaults<NonNullable<T[K]>, D[K]>
        : NonNullable<T[K]>;
};

/**
 * Fills what `value` leaves out from `defaults`: nested objects are merged, arrays and
 * scalars are replaced whole, `undefined` never overrides a default.
 */
export function mergeDefaults<T extends object, D extends object>(
  defaults: D,
  value: T | undefined,
): WithDefaults<T, D> {
  return mergeValues(defaults, value ?? {}) as WithDefaults<T, D>;
}

function mergeValues(defaults: unknown, overrides: unknown): unknown {
  if (overrides === undefined) return defaults;
  if (!isPlainObject(defaults) || !isPlainObject(overrides)) return overrides;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(overrides)) {
    if (key === "__proto__") continue;
    merged[key] = mergeValues(defaults[key], value);
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
