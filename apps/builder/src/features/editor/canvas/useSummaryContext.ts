import type { BlockSummaryContext, BlockTextTranslator } from "@parley/schemas";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { useDefinitionTexts } from "@/i18n/useDefinitionTexts";
import { useDocument } from "../store/EditorStoreContext";
import { type EditorBlock, getBlockField } from "../store/editorDocument";

/**
 * Names of variables and the title of the group a block points at, for its summary, and its words in the
 * interface language. Each selector returns a stable value, so a block re-renders only when what it shows changes.
 */
export function useSummaryContext(block: EditorBlock): BlockSummaryContext {
  const variables = useDocument((doc) => doc.variables);
  const groupId = getBlockField(block, "options")?.groupId;
  const targetGroupId = typeof groupId === "string" ? groupId : undefined;
  const targetTitle = useDocument((doc) =>
    targetGroupId ? doc.groups.find((group) => group.id === targetGroupId)?.title : undefined,
  );
  const t = useBlockTexts();
  const { optionValue } = useDefinitionTexts();
  return useMemo(() => {
    const names = new Map(variables.map((variable) => [variable.id, variable.name]));
    return {
      variableName: (id) => (id ? names.get(id) : undefined),
      groupTitle: (id) => (id === targetGroupId ? targetTitle : undefined),
      t,
      optionValue,
    };
  }, [variables, targetGroupId, targetTitle, t, optionValue]);
}

/** The words block definitions write (`blockEditorTexts`' keys), in the interface language. */
export function useBlockTexts(): BlockTextTranslator {
  const t = useTranslations("BlockEditorTexts");
  return useMemo(() => {
    const translate = t as unknown as (key: string, values?: object) => string;
    return (key, values) => translate(key, values);
  }, [t]);
}
