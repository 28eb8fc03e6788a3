import type { SetVariableBlock, SetVariableOptions, VariableValue } from "@parley/schemas";
import { getSingleVariableReference, parseVariables } from "../../variables/parseVariables";
import { getVariableValue, getVariableValueByName, setVariableValue } from "../../variables/VariableScope";
import { getCurrentFrame, getCurrentScope } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";
import { evaluateCustomExpression } from "./evaluateCustomExpression";
import { formatTranscript } from "./formatTranscript";
import { getDateValue } from "./getDateValue";
import { appendValue, mapItemWithSameIndex, removeListItem } from "./listOperations";

/** The server-side value kinds; undefined leaves the variable as it is. */
export const computeSetVariableValue = async (
  run: BlockRun<SetVariableBlock>,
  options: SetVariableOptions,
): Promise<VariableValue | undefined> => {
  const { ctx } = run;
  const scope = getCurrentScope(ctx);
  const current = getVariableValue(scope, options.variableId);
  switch (options.type ?? "Custom") {
    case "Custom":
      return evaluateCustomExpression(run, options);
    case "Empty":
      return null;
    case "Append value(s)": {
      const reference = getSingleVariableReference(options.item);
      const item = reference ? getVariableValueByName(scope, reference) : parseVariables(options.item, scope);
      return appendValue(current, item);
    }
    case "Pop":
    case "Shift": {
      const { list, removed } = removeListItem(current, options.type === "Pop" ? "last" : "first");
      if (options.saveItemInVariableId && removed !== undefined) {
        setVariableValue(scope, options.saveItemInVariableId, removed);
      }
      return list;
    }
    case "Map item with same index": {
      const params = options.mapListItemParams ?? {};
      return mapItemWithSameIndex(
        getVariableValue(scope, params.baseItemVariableId),
        getVariableValue(scope, params.baseListVariableId),
        getVariableValue(scope, params.targetListVariableId),
      );
    }
    case "Environment name":
      return ctx.ports.environmentName;
    case "Transcript":
      return formatTranscript(ctx.state.transcript ?? []);
    case "User ID":
    case "Result ID":
      return getCurrentFrame(ctx).resultId;
    case "Random ID":
      return ctx.ports.createId();
    case "Now":
    case "Today":
      return getDateValue(ctx.ports.now(), 0, options.timeZone);
    case "Yesterday":
      return getDateValue(ctx.ports.now(), -1, options.timeZone);
    case "Tomorrow":
      return getDateValue(ctx.ports.now(), 1, options.timeZone);
    case "Phone number":
      return ctx.state.contact?.phoneNumber ?? undefined;
    case "Contact name":
      return ctx.state.contact?.name ?? undefined;
    default:
      return undefined;
  }
};
