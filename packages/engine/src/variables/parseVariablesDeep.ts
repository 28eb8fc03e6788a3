import { parseVariables } from "./parseVariables";
import type { VariableScope } from "./VariableScope";

/** A copy of a JSON value with variables substituted in every string. */
export const parseVariablesDeep = <T>(value: T, scope: VariableScope): T => {
  if (typeof value === "string") return parseVariables(value, scope) as T;
  if (Array.isArray(value)) return value.map((item) => parseVariablesDeep(item, scope)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, parseVariablesDeep(item, scope)]),
    ) as T;
  }
  return value;
};
