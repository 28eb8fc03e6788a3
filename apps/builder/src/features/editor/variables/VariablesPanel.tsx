"use client";

import { Plus, Search, X } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { createId } from "../createId";
import { createVariable, validateVariableName } from "../document/variables";
import { useDocument, useEditorStore } from "../store/EditorStoreContext";
import { describeVariableNameProblem } from "./describeVariableNameProblem";
import { VariableRow } from "./VariableRow";

/** Every variable of the bot: rename (references follow), default value, session flag, delete. */
export function VariablesPanel() {
  const store = useEditorStore();
  const variables = useDocument((doc) => doc.variables);
  const [query, setQuery] = useState("");
  const [error, setError] = useState<string | null>(null);
  const shown = useMemo(
    () => variables.filter((variable) => variable.name.toLowerCase().includes(query.trim().toLowerCase())),
    [variables, query],
  );
  const t = useTranslations("Variables");
  const create = () => {
    const name = query.trim() || nextFreeName(variables.map((variable) => variable.name));
    const problem = validateVariableName(store.getState().history.present, name);
    if (problem) {
      setError(describeVariableNameProblem(problem, name, t));
      return;
    }
    setError(null);
    store.getState().apply((doc) => createVariable(doc, { id: createId(), name }));
    setQuery("");
  };
  return (
    <aside
      aria-label={t("title")}
      data-testid="variables-panel"
      className="pointer-events-auto flex w-[400px] shrink-0 flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-popover"
    >
      <header className="flex items-center justify-between border-b border-line px-4 py-3">
        <div>
          <h2 className="font-semibold">{t("title")}</h2>
          <p className="text-[12px] text-muted">{t("count", { count: variables.length })}</p>
        </div>
        <button
          type="button"
          aria-label={t("close")}
          onClick={() => store.getState().openPanel(null)}
          className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-ink"
        >
          <X size={16} />
        </button>
      </header>
      <div className="flex gap-2 border-b border-line p-3">
        <div className="relative flex-1">
          <Search
            size={14}
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-faint"
          />
          <input
            aria-label={t("searchOrName")}
            placeholder={t("searchOrName")}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" && shown.length === 0) create();
            }}
            className="h-9 w-full rounded-lg border border-line pr-2 pl-8 text-[13px] focus:border-brand-500 focus:outline-none"
          />
        </div>
        <Button size="md" onClick={create}>
          <Plus size={14} /> {t("create")}
        </Button>
      </div>
      {error ? <p className="px-4 pt-2 text-[13px] text-danger-600">{error}</p> : null}
      <div className="flex-1 overflow-y-auto p-3">
        {shown.length === 0 ? (
          <p className="py-8 text-center text-muted">{query ? t("noMatch", { query }) : t("none")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {shown.map((variable) => (
              <VariableRow key={variable.id} variable={variable} />
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}

function nextFreeName(names: string[]) {
  let index = names.length + 1;
  while (names.includes(`Variable ${index}`)) index++;
  return `Variable ${index}`;
}
