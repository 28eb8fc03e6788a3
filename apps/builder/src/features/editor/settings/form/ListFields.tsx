"use client";

import { readPath } from "@parley/schemas";
import { Plus, Trash2, X } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { inputClassName } from "@/components/ui/Field";
import { createId } from "../../createId";
import { type FieldPath, type FormContext, SchemaField } from "./SchemaField";
import type { FieldKind } from "./schemaIntrospection";

/** A list of objects (headers, mappings, test values…): one card per element, add and remove. */
export function ObjectListField({
  element,
  path,
  context,
  label,
}: {
  element: Extract<FieldKind, { kind: "object" }>;
  path: FieldPath;
  context: FormContext;
  label: string;
}) {
  const t = useTranslations("ListFields");
  const list = (readPath(context.root, path) as Record<string, unknown>[] | undefined) ?? [];
  const hasId = element.fields.some(([key]) => key === "id");
  const isKeyValue = element.fields.length <= 3 && element.fields.every(([, kind]) => kind.kind === "string");
  return (
    <div className="flex flex-col gap-2">
      {list.map((entry, index) => (
        <div
          key={(entry.id as string | undefined) ?? index}
          className={
            isKeyValue
              ? "flex items-start gap-2"
              : "relative flex flex-col gap-3 rounded-lg border border-line p-3 pr-9"
          }
        >
          {element.fields.map(([key, kind]) =>
            isKeyValue && key !== "id" ? (
              <div key={key} className="min-w-0 flex-1">
                <SchemaField name={key} kind={kind} path={[...path, index, key]} context={context} />
              </div>
            ) : (
              <SchemaField key={key} name={key} kind={kind} path={[...path, index, key]} context={context} />
            ),
          )}
          <button
            type="button"
            aria-label={t("removeFrom", { list: label })}
            className={
              isKeyValue
                ? "mt-7 rounded-md p-1.5 text-muted hover:bg-danger-50 hover:text-danger-600"
                : "absolute top-2 right-2 rounded-md p-1 text-muted hover:bg-danger-50 hover:text-danger-600"
            }
            onClick={() =>
              context.onChange(
                path,
                list.filter((_, position) => position !== index),
              )
            }
          >
            <Trash2 size={14} />
          </button>
        </div>
      ))}
      <Button
        size="sm"
        className="self-start"
        onClick={() => context.onChange(path, [...list, hasId ? { id: createId() } : {}])}
      >
        <Plus size={14} /> {t("add")}
      </Button>
    </div>
  );
}

/** A list of strings (recipients, file types, …) as removable chips and an input. */
export function StringListField({
  value,
  onChange,
}: {
  value: string[];
  onChange: (value: string[] | undefined) => void;
}) {
  const t = useTranslations("ListFields");
  const [draft, setDraft] = useState("");
  const add = () => {
    const entries = draft
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "" && !value.includes(entry));
    if (entries.length) onChange([...value, ...entries]);
    setDraft("");
  };
  return (
    <div className="flex flex-col gap-2">
      {value.length ? (
        <div className="flex flex-wrap gap-1.5">
          {value.map((entry) => (
            <span
              key={entry}
              className="inline-flex items-center gap-1 rounded-md bg-subtle px-2 py-0.5 text-[13px]"
            >
              {entry}
              <button
                type="button"
                aria-label={t("remove", { entry })}
                className="text-muted hover:text-danger-600"
                onClick={() => {
                  const next = value.filter((candidate) => candidate !== entry);
                  onChange(next.length ? next : undefined);
                }}
              >
                <X size={12} />
              </button>
            </span>
          ))}
        </div>
      ) : null}
      <input
        className={`${inputClassName} h-9`}
        placeholder={t("typeAndEnter")}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={add}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === ",") {
            event.preventDefault();
            add();
          }
        }}
      />
    </div>
  );
}
