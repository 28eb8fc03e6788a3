import type { ScriptArgValue } from "@parley/schemas";
import { injectVariablesInCode } from "../../variables/injectVariablesInCode";
import type { VariableScope } from "../../variables/VariableScope";

export interface ClientScript {
  content: string;
  args: { id: string; value: ScriptArgValue }[];
}

/** Code for the client: `{{Name}}` references become arguments named after variable ids. */
export const toClientScript = (code: string, scope: VariableScope): ClientScript => {
  const { code: content, args } = injectVariablesInCode(code, scope);
  return { content, args: args.map((arg) => ({ id: arg.name, value: arg.value as ScriptArgValue })) };
};

/** Expressions written without `return` get one, so their value comes back. */
export const addReturnIfMissing = (code: string): string =>
  /(^|[^\w$.])return\b/.test(code) ? code : `return ${code.trim()}`;
