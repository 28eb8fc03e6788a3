"use client";

import { useId } from "react";
import { cn } from "./cn";
import { inputClassName } from "./Field";

const hexPattern = /^#[0-9a-f]{6}$/i;

/** A colour: the browser's picker on the swatch plus the CSS value as text (any CSS colour). */
export function ColorField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <span className="relative h-9 w-9 shrink-0 overflow-hidden rounded-lg border border-line-strong">
          <span aria-hidden className="absolute inset-0" style={{ background: value }} />
          <input
            type="color"
            aria-label={`${label}: pick a colour`}
            value={hexPattern.test(value) ? value.toLowerCase() : "#000000"}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          />
        </span>
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          spellCheck={false}
          className={cn(inputClassName, "h-9 font-mono text-[13px]")}
        />
      </div>
    </div>
  );
}
