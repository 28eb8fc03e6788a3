"use client";

import { Braces } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { createId } from "../createId";
import { createVariable, validateVariableName } from "../document/variables";
import { useDocument, useEditorStore } from "../store/EditorStoreContext";

/** A small "{ }" button listing variables; choosing one hands `{{Name}}` to `onInsert`. */
export function InsertVariableButton({ onInsert }: { onInsert: (token: string) => void }) {
  const t = useTranslations("Variables");
  const store = useEditorStore();
  const variables = useDocument((doc) => doc.variables);
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const trimmed = query.trim();
  const matches = variables.filter((variable) => variable.name.toLowerCase().includes(trimmed.toLowerCase()));
  const insert = (name: string) => {
    onInsert(`{{${name}}}`);
    setOpen(false);
    setQuery("");
  };
  const canCreate =
    trimmed !== "" && validateVariableName(store.getState().history.present, trimmed) === null;
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={t("insert")}
          title={t("insert")}
          onMouseDown={(event) => event.preventDefault()}
          className="flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-brand-700"
        >
          <Braces size={15} />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="z-50 w-60 rounded-lg border border-line bg-surface p-1.5 shadow-popover"
        >
          <input
            aria-label={t("searchOrCreate")}
            placeholder={t("searchOrCreate")}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              if (matches[0]) insert(matches[0].name);
              else if (canCreate) {
                store.getState().apply((doc) => createVariable(doc, { id: createId(), name: trimmed }));
                insert(trimmed);
              }
            }}
            className="mb-1 h-8 w-full rounded-md border border-line px-2 text-[13px] focus:border-brand-500 focus:outline-none"
          />
          <div role="listbox" aria-label="Variables" className="max-h-52 overflow-y-auto">
            {matches.map((variable) => (
              <button
                key={variable.id}
                type="button"
                role="option"
                aria-selected={false}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(variable.name)}
                className="block w-full truncate rounded-md px-2 py-1.5 text-left text-[13px] hover:bg-subtle"
              >
                {variable.name}
              </button>
            ))}
            {canCreate && matches.length === 0 ? (
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  store.getState().apply((doc) => createVariable(doc, { id: createId(), name: trimmed }));
                  insert(trimmed);
                }}
                className="block w-full rounded-md px-2 py-1.5 text-left text-[13px] font-medium text-brand-700 hover:bg-brand-50"
              >
                {t("createNamed", { name: trimmed })}
              </button>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
