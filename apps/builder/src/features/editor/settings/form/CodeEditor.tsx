"use client";

import { type KeyboardEvent, useRef } from "react";
import { cn } from "@/components/ui/cn";
import { InsertVariableButton } from "../../variables/InsertVariableButton";
import { indentSelection, outdent } from "./codeIndent";

/**
 * A code box: monospace, no spell-check, Tab indents (Shift+Tab outdents) the selected
 * lines instead of leaving the field; Escape then Tab leaves it (keyboard users).
 */
export function CodeEditor({
  id,
  value,
  onChange,
  placeholder,
  minRows = 6,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  minRows?: number;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const releaseTab = useRef(false);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") releaseTab.current = true;
    if (event.key !== "Tab" || releaseTab.current) return;
    event.preventDefault();
    const element = event.currentTarget;
    const { selectionStart: start, selectionEnd: end } = element;
    const result = event.shiftKey ? outdent(value, start, end) : indentSelection(value, start, end);
    onChange(result.value);
    requestAnimationFrame(() => element.setSelectionRange(result.start, result.end));
  };
  const insert = (token: string) => {
    const element = ref.current;
    const start = element?.selectionStart ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(element?.selectionEnd ?? start));
  };
  return (
    <div className="relative rounded-lg border border-line bg-[#fbfbfc] focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100">
      <textarea
        id={id}
        ref={ref}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        rows={Math.max(minRows, value.split("\n").length + 1)}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (event.key === "Tab") releaseTab.current = false;
        }}
        onBlur={() => {
          releaseTab.current = false;
        }}
        className={cn(
          "block w-full resize-y rounded-lg bg-transparent px-3 py-2 pr-9 font-mono text-[12.5px] leading-relaxed text-ink outline-none",
          "placeholder:text-faint",
        )}
        data-testid="code-editor"
      />
      <div className="absolute top-1 right-1">
        <InsertVariableButton onInsert={insert} />
      </div>
    </div>
  );
}
