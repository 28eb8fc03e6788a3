import type { AnyRouter } from "@trpc/server";

type ZodLike = { _zod?: { def?: Record<string, unknown> & { type?: string } } };

const COERCIBLE_TYPES = new Set(["number", "boolean", "bigint", "date"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * trpc-to-openapi switches on zod's `coerce` flag for every number/boolean of
 * a procedure's input object, in place, so that query strings can be parsed.
 * For JSON bodies that would turn `"false"` into `true` and `""` into `0`
 * instead of rejecting them, and the change would leak into the same schemas
 * wherever else they are used. This pins the flag to false on the schemas of
 * body-carrying procedures, so a wrongly typed body field stays BAD_REQUEST.
 */
export function protectBodyInputsFromCoercion(router: AnyRouter) {
  const visited = new Set<object>();
  for (const procedure of Object.values(router._def.procedures) as Array<{
    _def: { meta?: { openapi?: { method?: string } }; inputs?: unknown[] };
  }>) {
    const method = procedure._def.meta?.openapi?.method;
    if (!method || !BODY_METHODS.has(method)) continue;
    for (const input of procedure._def.inputs ?? []) pinCoercionOff(input as ZodLike, visited);
  }
}

function pinCoercionOff(schema: ZodLike | undefined, visited: Set<object>) {
  const def = schema?._zod?.def;
  if (!def || visited.has(def)) return;
  visited.add(def);
  if (def.type && COERCIBLE_TYPES.has(def.type)) {
    // Pinned already by an earlier handler over the same router.
    if (Object.getOwnPropertyDescriptor(def, "coerce")?.configurable === false) return;
    Object.defineProperty(def, "coerce", {
      get: () => false,
      set: () => {},
      configurable: false,
      enumerable: true,
    });
    return;
  }
  for (const child of childSchemas(def)) pinCoercionOff(child, visited);
}

function childSchemas(def: Record<string, unknown>): ZodLike[] {
  const children: unknown[] = [];
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape) children.push(...Object.values(shape));
  for (const key of [
    "element",
    "innerType",
    "valueType",
    "keyType",
    "in",
    "out",
    "left",
    "right",
    "catchall",
    "rest",
  ]) {
    if (def[key]) children.push(def[key]);
  }
  for (const key of ["options", "items"]) {
    if (Array.isArray(def[key])) children.push(...(def[key] as unknown[]));
  }
  if (typeof def.getter === "function") children.push((def.getter as () => unknown)());
  return children.filter((child): child is ZodLike => typeof child === "object" && child !== null);
}
