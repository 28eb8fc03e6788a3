"use client";

import { Check, ChevronDown, Plus, Search, X } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/Field";
import { createId } from "../createId";
import { createVariable, validateVariableName } from "../document/variables";
import { useDocument, useEditorStore } from "../store/EditorStoreContext";

/**
 * Picks a variable of the bot, or creates one from what was typed. `onChange(undefined)`
 * clears the choice.
 */
export function VariablePicker({
  value,
  onChange,
  id,
  placeholder,
}: {
  value: string | undefined;
  onChange: (variableId: string | undefined) => void;
  id?: string;
  placeholder?: string;
}) {
  const t = useTranslations("Variables");
  const store = useEditorStore();
  const variables = useDocument((doc) => doc.variables);
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const listId = useId();
  const selected = variables.find((variable) => variable.id === value);
  const matches = useMemo(() => {
    const words = query.trim().toLowerCase();
    return variables.filter((variable) => variable.name.toLowerCase().includes(words));
  }, [variables, query]);
  const trimmed = query.trim();
  const canCreate =
    trimmed !== "" && validateVariableName(store.getState().history.present, trimmed) === null;
  const choose = (variableId: string | undefined) => {
    onChange(variableId);
    setOpen(false);
    setQuery("");
  };
  const create = () => {
    const variableId = createId();
    store.getState().apply((doc) => createVariable(doc, { id: variableId, name: trimmed }));
    choose(variableId);
  };
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <div className="relative">
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            className={cn(inputClassName, "flex h-9 items-center justify-between gap-2 text-left")}
            data-testid="variable-picker"
          >
            {selected ? (
              <span className="truncate rounded bg-brand-50 px-1.5 py-0.5 font-mono text-[12px] text-brand-700">
                {`{{${selected.name}}}`}
              </span>
            ) : (
              <span className="truncate text-faint">
                {value ? t("deleted") : (placeholder ?? t("select"))}
              </span>
            )}
            <ChevronDown size={16} className="shrink-0 text-muted" aria-hidden />
          </button>
        </Popover.Trigger>
        {value ? (
          <button
            type="button"
            aria-label={t("clear")}
            className="absolute top-1/2 right-8 flex size-[24px] -translate-y-1/2 items-center justify-center rounded text-faint hover:bg-subtle hover:text-ink"
            onClick={() => choose(undefined)}
          >
            <X size={14} />
          </button>
        ) : null}
      </div>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-60 rounded-lg border border-line bg-surface p-1.5 shadow-popover"
        >
          <div className="relative mb-1">
            <Search
              size={14}
              className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-faint"
            />
            <input
              // biome-ignore lint/a11y/noAutofocus: the search box is the purpose of the opened picker
              autoFocus
              role="combobox"
              aria-expanded
              aria-controls={listId}
              aria-label={t("searchOrCreate")}
              placeholder={t("searchOrCreate")}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== "Enter") return;
                event.preventDefault();
                const exact = variables.find((variable) => variable.name === trimmed);
                if (exact) choose(exact.id);
                else if (canCreate) create();
                else if (matches[0]) choose(matches[0].id);
              }}
              className="h-8 w-full rounded-md border border-line pr-2 pl-7 text-[13px] focus:border-brand-500 focus:outline-none"
            />
          </div>
          <div id={listId} role="listbox" className="max-h-56 overflow-y-auto">
            {matches.map((variable) => (
              <button
                key={variable.id}
                type="button"
                role="option"
                aria-selected={variable.id === value}
                onClick={() => choose(variable.id)}
                className="flex w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-[13px] hover:bg-subtle"
              >
                <span className="truncate">{variable.name}</span>
                {variable.id === value ? <Check size={14} className="text-brand-600" /> : null}
              </button>
            ))}
            {canCreate && !variables.some((variable) => variable.name === trimmed) ? (
              <button
                type="button"
                onClick={create}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-[13px] font-medium text-brand-700 hover:bg-brand-50"
              >
                <Plus size={14} /> {t("createNamed", { name: trimmed })}
              </button>
            ) : null}
            {matches.length === 0 && !canCreate ? (
              <p className="px-2 py-2 text-[13px] text-muted">{t("typeToCreate")}</p>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
