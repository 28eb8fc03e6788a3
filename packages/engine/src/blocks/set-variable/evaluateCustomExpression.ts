import type { SetVariableOptions, VariableValue } from "@parley/schemas";
import { injectVariablesInCode } from "../../variables/injectVariablesInCode";
import { getSingleVariableReference, parseVariables } from "../../variables/parseVariables";
import { serializeVariableValue } from "../../variables/serializeVariableValue";
import { getVariableValueByName, setVariableValue } from "../../variables/VariableScope";
import { addLog, getCurrentScope } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";
import { addReturnIfMissing } from "../shared/toClientScript";

const CODE_TIMEOUT_MS = 10_000;

/** The options of a `Custom` value. */
type CustomExpressionOptions = Pick<
  SetVariableOptions,
  "expressionToEvaluate" | "isCode" | "saveErrorInVariableId"
>;

/**
 * `Custom`: a lone `{{Variable}}` is copied (lists too); a number with a leading zero stays text;
 * anything else runs as JavaScript in the sandbox. When it is not marked as code and fails, the
 * text with variables substituted is the value. Code errors are logged and saved where asked. When the
 * sandbox cannot run code at all, the block fails (an error log, the variable unchanged): no fallback.
 * Returns undefined when the variable must keep its value.
 */
export const evaluateCustomExpression = async (
  run: BlockRun,
  options: CustomExpressionOptions,
): Promise<VariableValue | undefined> => {
  const scope = getCurrentScope(run.ctx);
  const expression = options.expressionToEvaluate ?? "";
  if (!expression.trim()) return null;
  const reference = getSingleVariableReference(expression);
  if (reference) return getVariableValueByName(scope, reference);
  if (/^0\d+$/.test(expression.trim())) return expression.trim();
  const result = await runExpression(run, expression);
  if (result.ok) {
    for (const update of result.setVariables) {
      const variable = scope.index.variablesByName.get(update.name);
      if (variable) setVariableValue(scope, variable.id, serializeVariableValue(update.value));
    }
    return serializeVariableValue(result.value);
  }
  if (result.isSandboxUnavailable) {
    addLog(run.ctx, {
      status: "error",
      description: "The Set variable code could not run",
      details: result.error,
      context: run.block.id,
    });
    return undefined;
  }
  if (!options.isCode) return parseVariables(expression, scope);
  addLog(run.ctx, {
    status: "error",
    description: "The Set variable code failed",
    details: result.error,
    context: run.block.id,
  });
  if (options.saveErrorInVariableId) setVariableValue(scope, options.saveErrorInVariableId, result.error);
  return undefined;
};

/** As an expression (with `return` added) first; statements that do not parse that way run as written. */
const runExpression = async (run: BlockRun, expression: string) => {
  const scope = getCurrentScope(run.ctx);
  const withReturn = addReturnIfMissing(expression);
  const first = injectVariablesInCode(withReturn, scope);
  const result = await run.ctx.ports.runCode({ ...first, timeoutMs: CODE_TIMEOUT_MS });
  if (result.ok || withReturn === expression || !/SyntaxError/.test(result.error)) return result;
  return run.ctx.ports.runCode({ ...injectVariablesInCode(expression, scope), timeoutMs: CODE_TIMEOUT_MS });
};
