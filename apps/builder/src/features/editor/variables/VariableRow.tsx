"use client";

import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Switch } from "@/components/ui/Switch";
import { useBlockLabel } from "../catalogue/useBlockLabel";
import type { DocVariable } from "../document/types";
import {
  deleteVariable,
  findVariableUsages,
  renameVariable,
  updateVariable,
  validateVariableName,
} from "../document/variables";
import { useEditorStore } from "../store/EditorStoreContext";
import { describeVariableNameProblem } from "./describeVariableNameProblem";

/** One variable: its name (rename on Enter or blur), default value, session flag, delete. */
export function VariableRow({ variable }: { variable: DocVariable }) {
  const t = useTranslations("Variables");
  const blockLabel = useBlockLabel();
  const store = useEditorStore();
  const [name, setName] = useState(variable.name);
  const [error, setError] = useState<string | null>(null);
  const [usages, setUsages] = useState<ReturnType<typeof findVariableUsages> | null>(null);
  const apply = store.getState().apply;
  // Undo, redo and other tabs' reloads rename too.
  useEffect(() => setName(variable.name), [variable.name]);
  const rename = () => {
    if (name.trim() === variable.name) return setName(variable.name);
    const problem = validateVariableName(store.getState().history.present, name, variable.id);
    if (problem) return setError(describeVariableNameProblem(problem, name, t));
    setError(null);
    // `{{Name}}` is rewritten in the translated texts too.
    apply((doc) => renameVariable(doc, variable.id, name), { needsTranslations: true });
  };
  const value = Array.isArray(variable.value) ? variable.value.join(", ") : (variable.value ?? "");
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid="variable-row">
      <div className="flex items-center gap-2">
        <input
          aria-label={t("nameOf", { name: variable.name })}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={rename}
          onKeyDown={(event) => {
            if (event.key === "Enter") rename();
            if (event.key === "Escape") setName(variable.name);
          }}
          className="h-8 min-w-0 flex-1 rounded-md border border-transparent px-2 font-medium hover:border-line focus:border-brand-500 focus:outline-none"
        />
        <button
          type="button"
          aria-label={t("deleteNamed", { name: variable.name })}
          onClick={() => setUsages(findVariableUsages(store.getState().history.present, variable.id))}
          className="rounded-md p-1.5 text-muted hover:bg-danger-50 hover:text-danger-600"
        >
          <Trash2 size={14} />
        </button>
      </div>
      {error ? <p className="text-[12px] text-danger-600">{error}</p> : null}
      <input
        aria-label={t("defaultValueOf", { name: variable.name })}
        placeholder={t("defaultValue")}
        value={value}
        readOnly={Array.isArray(variable.value)}
        onChange={(event) =>
          apply((doc) => updateVariable(doc, variable.id, { value: event.target.value || undefined }), {
            coalesceKey: `variable:${variable.id}:value`,
          })
        }
        className="h-8 rounded-md border border-line px-2 text-[13px] focus:border-brand-500 focus:outline-none"
      />
      <Switch
        label={t("sessionOnly")}
        checked={variable.isSessionVariable === true}
        onCheckedChange={(checked) =>
          apply((doc) => updateVariable(doc, variable.id, { isSessionVariable: checked || undefined }))
        }
      />
      <ConfirmDialog
        open={usages !== null}
        onOpenChange={(open) => !open && setUsages(null)}
        title={t("deleteTitle", { name: variable.name })}
        description={
          usages?.length ? t("usedIn", { count: usages.length, token: `{{${variable.name}}}` }) : t("unused")
        }
        confirmLabel={t("delete")}
        onConfirm={() => {
          apply((doc) => deleteVariable(doc, variable.id), { needsTranslations: true });
          setUsages(null);
        }}
      >
        {usages?.length ? (
          <ul
            className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg bg-subtle p-2 text-[13px]"
            data-testid="variable-usages"
          >
            {usages.map((usage) => (
              <li key={usage.blockId}>
                <span className="font-medium">{usage.groupTitle}</span> · {blockLabel(usage.blockType)}
                {usage.kind === "text" ? ` ${t("inText")}` : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}
