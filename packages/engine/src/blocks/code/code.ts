import type { CodeBlock } from "@parley/schemas";
import { injectVariablesInCode } from "../../variables/injectVariablesInCode";
import { serializeVariableValue } from "../../variables/serializeVariableValue";
import { setVariableValue } from "../../variables/VariableScope";
import { addClientSideAction, addLog, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";
import { toClientScript } from "../shared/toClientScript";

const CODE_TIMEOUT_MS = 10_000;

/**
 * `Code` (Script): on the client by default (`scriptToExecute`, variables passed as arguments); on the
 * server in the sandbox, where `setVariable(name, value)` updates variables. Errors are logged and
 * the flow goes on.
 */
export const code: ActionExecutor<CodeBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    const options = block.options ?? {};
    const content = options.content ?? "";
    if (!content.trim()) return { type: "next" };
    const scope = getCurrentScope(ctx);
    if (options.isExecutedOnClient ?? true) {
      const script = toClientScript(content, scope);
      addClientSideAction(ctx, {
        type: "scriptToExecute",
        scriptToExecute: { ...script, isUnsafe: options.isUnsafe ?? false, isCode: true },
      });
      return { type: "next" };
    }
    const { code: body, args } = injectVariablesInCode(content, scope);
    const result = await ctx.ports.runCode({ code: body, args, timeoutMs: CODE_TIMEOUT_MS });
    if (!result.ok) {
      addLog(ctx, {
        status: "error",
        description: `The script "${options.name ?? "Script"}" failed`,
        details: result.error,
        context: block.id,
      });
      return { type: "next" };
    }
    for (const update of result.setVariables) {
      const variable = scope.index.variablesByName.get(update.name);
      if (variable) setVariableValue(scope, variable.id, serializeVariableValue(update.value));
    }
    return { type: "next" };
  },
};
