"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { renameGroup } from "../document/groups";
import { useEditorStore } from "../store/EditorStoreContext";

/** A group's title; double-click (or Enter when focused) to rename it in place. */
export function GroupTitle({ groupId, title }: { groupId: string; title: string }) {
  const store = useEditorStore();
  const t = useTranslations("Canvas");
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft.trim() !== "" && draft !== title)
      store.getState().apply((doc) => renameGroup(doc, groupId, draft.trim()));
    setDraft(null);
  };
  if (draft !== null)
    return (
      <input
        // biome-ignore lint/a11y/noAutofocus: the input replaces the title the author just double-clicked
        autoFocus
        aria-label={t("groupTitle")}
        className="nodrag h-7 w-full min-w-0 rounded-md border border-brand-500 bg-surface px-1.5 font-semibold outline-none"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === "Enter") commit();
          if (event.key === "Escape") setDraft(null);
        }}
      />
    );
  return (
    <button
      type="button"
      className="h-7 min-w-0 flex-1 cursor-text truncate rounded-md px-1.5 text-left font-semibold hover:bg-subtle"
      title={t("doubleClickToRename")}
      onDoubleClick={() => setDraft(title)}
      onKeyDown={(event) => {
        if (event.key === "Enter") setDraft(title);
      }}
    >
      {title}
    </button>
  );
}
