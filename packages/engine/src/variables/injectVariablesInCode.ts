import type { CodeArgument } from "../ports";
import { guessValueType } from "./guessValueType";
import { getVariableValue, type VariableScope } from "./VariableScope";

const VARIABLE_PATTERN = /\{\{([^{}]+?)\}\}/g;

/** A JS identifier for a variable id (ids are cuid-like; anything else is made safe). */
export const getVariableIdentifier = (variableId: string): string => {
  const safe = variableId.replace(/[^a-zA-Z0-9_$]/g, "_");
  return /^[a-zA-Z_$]/.test(safe) ? safe : `_${safe}`;
};

export interface CodeWithArguments {
  code: string;
  args: CodeArgument[];
}

/**
 * Rewrites `{{Name}}` references into identifiers and passes the values as arguments, so values are
 * never spliced into code. Unknown names become `undefined`.
 */
export const injectVariablesInCode = (code: string, scope: VariableScope): CodeWithArguments => {
  const args = new Map<string, CodeArgument>();
  const rewritten = code.replace(VARIABLE_PATTERN, (_match, rawName: string) => {
    const variable = scope.index.variablesByName.get(rawName.trim());
    if (!variable) return "undefined";
    const name = getVariableIdentifier(variable.id);
    if (!args.has(name))
      args.set(name, { name, value: guessValueType(getVariableValue(scope, variable.id)) });
    return name;
  });
  return { code: rewritten, args: [...args.values()] };
};
