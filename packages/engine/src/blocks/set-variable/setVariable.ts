import type { SetVariableBlock, SetVariableOptions } from "@parley/schemas";
import { setVariableValue } from "../../variables/VariableScope";
import type { NextStep } from "../../walk/NextStep";
import { addClientSideAction, addLog, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor, BlockRun } from "../BlockExecutor";
import { addReturnIfMissing, toClientScript } from "../shared/toClientScript";
import { CLIENT_VALUE_SCRIPTS } from "./clientValueScripts";
import { computeSetVariableValue } from "./computeSetVariableValue";

/**
 * `Set variable`: computes the value kind on the server, or asks the client (device type, moment of
 * the day, custom code marked "execute on client") and waits for the value as a dedicated reply.
 */
export const setVariable: ActionExecutor<SetVariableBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute(run) {
    const options = run.block.options ?? {};
    if (!options.variableId) {
      addLog(run.ctx, {
        status: "info",
        description: "Set variable has no variable; skipped",
        context: run.block.id,
      });
      return { type: "next" };
    }
    const clientScript = getClientScript(options);
    if (clientScript !== undefined) return askClient(run, options.variableId, clientScript, options.isUnsafe);
    const value = await computeSetVariableValue(run, options);
    if (value !== undefined) setVariableValue(getCurrentScope(run.ctx), options.variableId, value);
    return { type: "next" };
  },
};

const getClientScript = (options: SetVariableOptions): string | undefined => {
  const type = options.type ?? "Custom";
  if (type in CLIENT_VALUE_SCRIPTS) return CLIENT_VALUE_SCRIPTS[type];
  if (type === "Custom" && options.isExecutedOnClient)
    return addReturnIfMissing(options.expressionToEvaluate ?? "");
  return undefined;
};

const askClient = (
  run: BlockRun<SetVariableBlock>,
  variableId: string,
  code: string,
  isUnsafe: boolean | undefined,
): NextStep => {
  const script = toClientScript(code, getCurrentScope(run.ctx));
  addClientSideAction(run.ctx, {
    type: "setVariable",
    setVariable: { scriptToExecute: { ...script, isUnsafe: isUnsafe ?? false } },
    expectsDedicatedReply: true,
  });
  return {
    type: "wait",
    waitFor: {
      kind: "dedicatedReply",
      action: "setVariable",
      groupId: run.group.id,
      blockId: run.block.id,
      variableId,
    },
  };
};
