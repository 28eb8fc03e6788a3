"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";

/**
 * Where the preview starts (the start event or a group) and the variable values it starts with; applying
 * them starts a new preview chat. Values are set by variable name, as a link's prefilled variables are.
 */
export function PreviewStartForm() {
  const t = useTranslations("PreviewStart");
  const store = useEditorStore();
  const groups = useEditor((state) => state.history.present.groups);
  const variables = useEditor((state) => state.history.present.variables);
  const previewStart = useEditor((state) => state.previewStart);
  const [groupId, setGroupId] = useState(previewStart.groupId ?? "");
  const [values, setValues] = useState(previewStart.variables);
  const [shownStart, setShownStart] = useState(previewStart);
  const selectId = useId();
  // A group's "Preview from here" button changes the start while this form is shown.
  if (shownStart !== previewStart) {
    setShownStart(previewStart);
    setGroupId(previewStart.groupId ?? "");
    setValues(previewStart.variables);
  }
  const startTitle = groups.find((group) => group.id === previewStart.groupId)?.title;
  const setValueCount = Object.values(previewStart.variables).filter((value) => value !== "").length;
  return (
    <details data-testid="preview-start" className="border-b border-line px-4 py-2">
      <summary className="cursor-pointer text-[13px] font-medium">
        {startTitle ? t("startsFromGroup", { group: startTitle }) : t("startsFromStart")}
        {setValueCount > 0 ? t("valuesSet", { count: setValueCount }) : ""}
      </summary>
      <form
        className="mt-2 flex flex-col gap-2 text-[13px]"
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
          store.getState().startPreviewFrom(groupId || null, chosen);
        }}
      >
        <label htmlFor={selectId} className="font-medium">
          {t("startFrom")}
        </label>
        <select
          id={selectId}
          value={groupId}
          onChange={(event) => setGroupId(event.target.value)}
          className="h-8 rounded-lg border border-line bg-surface px-2"
        >
          <option value="">{t("theStart")}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.title}
            </option>
          ))}
        </select>
        {variables.length > 0 ? (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1 font-medium">{t("values")}</legend>
            {variables.map((variable) => (
              <label key={variable.id} className="flex items-center gap-2">
                <span className="w-28 shrink-0 truncate">{variable.name}</span>
                <input
                  value={values[variable.name] ?? ""}
                  onChange={(event) => setValues({ ...values, [variable.name]: event.target.value })}
                  className="h-8 min-w-0 flex-1 rounded-lg border border-line bg-surface px-2"
                />
              </label>
            ))}
          </fieldset>
        ) : null}
        <button
          type="submit"
          className="h-8 self-start rounded-lg bg-brand-600 px-3 font-medium text-white hover:bg-brand-700"
        >
          {t("submit")}
        </button>
      </form>
    </details>
  );
}
