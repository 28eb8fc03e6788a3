import type { EnginePorts } from "../ports";
import { injectVariablesInCode } from "./injectVariablesInCode";
import { type ParseVariablesOptions, parseVariables } from "./parseVariables";
import type { VariableScope } from "./VariableScope";

const INLINE_CODE_PATTERN = /\{\{=([\s\S]+?)=\}\}/g;
const INLINE_CODE_TIMEOUT_MS = 10_000;
const sandboxUnavailable = Symbol("sandbox unavailable");

/**
 * `parseVariables` plus inline code: each `{{= expression =}}` is evaluated in the sandbox with the
 * variables it references; when it fails, its text is shown with plain substitution instead, except when the
 * sandbox itself cannot run code (then nothing is shown; the sandbox logs the error).
 */
export const parseVariablesWithInlineCode = async (
  text: string | undefined | null,
  scope: VariableScope,
  ports: Pick<EnginePorts, "evaluateExpression">,
  options: ParseVariablesOptions = {},
): Promise<string> => {
  if (!text) return "";
  if (!text.includes("{{=")) return parseVariables(text, scope, options);
  const segments: string[] = [];
  let cursor = 0;
  for (const match of text.matchAll(INLINE_CODE_PATTERN)) {
    segments.push(parseVariables(text.slice(cursor, match.index), scope, options));
    const expression = match[1] ?? "";
    const value = await evaluateInlineCode(expression, scope, ports);
    // The sandbox could not run it (not the expression's fault): nothing is shown rather than its source.
    const shown = value === sandboxUnavailable ? "" : (value ?? parseVariables(expression.trim(), scope));
    segments.push(options.isJsonContext ? JSON.stringify(shown).slice(1, -1) : shown);
    cursor = match.index + match[0].length;
  }
  segments.push(parseVariables(text.slice(cursor), scope, options));
  return segments.join("");
};

const evaluateInlineCode = async (
  expression: string,
  scope: VariableScope,
  ports: Pick<EnginePorts, "evaluateExpression">,
): Promise<string | typeof sandboxUnavailable | undefined> => {
  const { code, args } = injectVariablesInCode(expression.trim(), scope);
  const result = await ports.evaluateExpression({
    expression: code,
    scope: Object.fromEntries(args.map((arg) => [arg.name, arg.value])),
    timeoutMs: INLINE_CODE_TIMEOUT_MS,
  });
  if (!result.ok) return result.isSandboxUnavailable ? sandboxUnavailable : undefined;
  const { value } = result;
  if (value === undefined || value === null) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
};
