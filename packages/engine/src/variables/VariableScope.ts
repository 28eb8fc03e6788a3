import type { VariableValue } from "@parley/schemas";
import { getFlowIndex, type SnapshotIndex } from "../flow/getFlowIndex";
import type { FlowSnapshot } from "../types/flow";

/** The variables of one bot in play: its declarations and the session's current values. */
export interface VariableScope {
  flow: FlowSnapshot;
  index: SnapshotIndex;
  values: Record<string, VariableValue>;
}

export const createVariableScope = (
  flow: FlowSnapshot,
  values: Record<string, VariableValue>,
): VariableScope => ({
  flow,
  index: getFlowIndex(flow),
  values,
});

export const getVariableValue = (
  scope: VariableScope,
  variableId: string | undefined | null,
): VariableValue => (variableId ? (scope.values[variableId] ?? null) : null);

export const getVariableValueByName = (scope: VariableScope, name: string): VariableValue => {
  const variable = scope.index.variablesByName.get(name);
  return variable ? (scope.values[variable.id] ?? null) : null;
};

/** Writes a value; `null` unsets. Unknown variable ids are ignored. */
export const setVariableValue = (scope: VariableScope, variableId: string, value: VariableValue): boolean => {
  if (!scope.index.variablesById.has(variableId)) return false;
  if (value === null) delete scope.values[variableId];
  else scope.values[variableId] = value;
  return true;
};

/** Whether list variables render their last item (documents below schema version 6). */
export const isLegacyListRendering = (scope: VariableScope): boolean =>
  Number.parseFloat(scope.flow.version) < 6;
