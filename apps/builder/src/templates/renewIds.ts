import { createId } from "@paralleldrive/cuid2";

/**
 * A deep copy of `document` where every `id` it declares gets a fresh value, and every
 * string equal to a declared id (edge ends, `outgoingEdgeId`, `variableId`, …) follows.
 */
export function renewIds<T>(document: T, generateId: () => string = createId): T {
  const renamed = new Map<string, string>();
  const collect = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(collect);
    if (typeof value !== "object" || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === "id" && typeof inner === "string" && !renamed.has(inner)) renamed.set(inner, generateId());
      collect(inner);
    }
  };
  const rewrite = (value: unknown): unknown => {
    if (typeof value === "string") return renamed.get(value) ?? value;
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewrite(inner)]));
  };
  collect(document);
  return rewrite(document) as T;
}
