"use client";

import { useRef } from "react";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/Field";
import { InsertVariableButton } from "../../variables/InsertVariableButton";

/** A text input (or a multi-line box) with a button that inserts `{{variable}}` at the caret. */
export function TextField({
  id,
  value,
  placeholder,
  multiline = false,
  list,
  onChange,
}: {
  id?: string;
  value: string;
  placeholder?: string;
  multiline?: boolean;
  /** Id of a datalist of suggestions (single-line only). */
  list?: string;
  onChange: (value: string) => void;
}) {
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const insert = (token: string) => {
    const element = ref.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const props = {
    id,
    ref,
    value,
    placeholder,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="relative">
      {multiline ? (
        <textarea {...props} rows={3} className={cn(inputClassName, "min-h-20 py-2 pr-9")} />
      ) : (
        <input {...props} list={list} className={cn(inputClassName, "h-9 pr-9")} />
      )}
      <div className="absolute top-1 right-1">
        <InsertVariableButton onInsert={insert} />
      </div>
    </div>
  );
}
