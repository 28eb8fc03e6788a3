import type { Group } from "@parley/schemas";
import type { SnapshotIndex } from "../../flow/getFlowIndex";
import { getSingleVariableReference, parseVariables } from "../../variables/parseVariables";
import type { VariableScope } from "../../variables/VariableScope";

/** A group named by id, or by a `{{Variable}}` (or text with variables) holding its title. */
export const resolveTargetGroup = (
  groupReference: string | undefined,
  index: SnapshotIndex,
  scope: VariableScope,
): Group | undefined => {
  if (!groupReference) return undefined;
  const byId = index.groupsById.get(groupReference);
  if (byId) return byId;
  if (!groupReference.includes("{{") && !getSingleVariableReference(groupReference)) return undefined;
  const title = parseVariables(groupReference, scope).trim();
  return index.groupsById.get(title) ?? index.groupsByTitle.get(title);
};
