import { mapJsonStrings } from "../json/mapJsonStrings";
import { parseVariables } from "./parseVariables";
import type { VariableScope } from "./VariableScope";

/** A copy of a JSON value with variables substituted in every string. */
export const parseVariablesDeep = <T>(value: T, scope: VariableScope): T =>
  mapJsonStrings(value, (text) => parseVariables(text, scope));
