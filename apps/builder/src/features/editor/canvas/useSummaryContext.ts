import type { BlockSummaryContext } from "@parley/schemas";
import { useMemo } from "react";
import { useDocument } from "../store/EditorStoreContext";
import { type EditorBlock, getBlockField } from "../store/editorDocument";

/**
 * Names of variables and the title of the group a block points at, for its summary. Each
 * selector returns a stable value, so a block re-renders only when what it shows changes.
 */
export function useSummaryContext(block: EditorBlock): BlockSummaryContext {
  const variables = useDocument((doc) => doc.variables);
  const groupId = getBlockField(block, "options")?.groupId;
  const targetGroupId = typeof groupId === "string" ? groupId : undefined;
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
