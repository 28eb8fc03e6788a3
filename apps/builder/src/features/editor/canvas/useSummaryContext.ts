import { useMemo } from "react";
import { useDocument } from "../store/EditorStoreContext";
import type { EditorBlock } from "../store/editorDocument";
import type { SummaryContext } from "./blockSummary";

/**
 * Names of variables and the title of the group a block points at, for its summary. Each
 * selector returns a stable value, so a block re-renders only when what it shows changes.
 */
export function useSummaryContext(block: EditorBlock): SummaryContext {
  const variables = useDocument((doc) => doc.variables);
  const targetGroupId = typeof block.options?.groupId === "string" ? block.options.groupId : undefined;
  const targetTitle = useDocument((doc) =>
    targetGroupId ? doc.groups.find((group) => group.id === targetGroupId)?.title : undefined,
  );
  return useMemo(() => {
    const names = new Map(variables.map((variable) => [variable.id, variable.name]));
    return {
      variableName: (id) => (id ? names.get(id) : undefined),
      groupTitle: (id) => (id === targetGroupId ? targetTitle : undefined),
    };
  }, [variables, targetGroupId, targetTitle]);
}
