"use client";

import { useEffect, useId, useState } from "react";
import { cn } from "./cn";
import { inputClassName } from "./Field";

type NumberFieldValue =
  | { value: number; onChange: (value: number) => void; placeholder?: undefined }
  /** Optional: empty shows `placeholder` (what applies when unset) and reports null. */
  | { value: number | null; onChange: (value: number | null) => void; placeholder: string };

/** A number with its unit; an empty or invalid entry is not reported until it is a number again (or empty, when optional). */
export function NumberField({
  label,
  value,
  onChange,
  placeholder,
  min,
  max,
  step = 1,
  unit,
  hint,
  className,
}: NumberFieldValue & {
  label: string;
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  hint?: string;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value === null ? "" : String(value));
  useEffect(() => {
    if (value === null) setText("");
    else setText((current) => (current !== "" && Number(current) === value ? current : String(value)));
  }, [value]);
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          value={text}
          placeholder={placeholder}
          min={min}
          max={max}
          step={step}
          onChange={(event) => {
            setText(event.target.value);
            const parsed = event.target.valueAsNumber;
            const isInRange = (min === undefined || parsed >= min) && (max === undefined || parsed <= max);
            if (event.target.value !== "" && Number.isFinite(parsed) && isInRange) onChange(parsed);
            else if (event.target.value === "" && placeholder !== undefined) onChange(null);
          }}
          className={cn(inputClassName, "h-9", unit && "pr-12")}
        />
        {unit ? (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-[13px] text-muted">
            {unit}
          </span>
        ) : null}
      </div>
      {hint ? <p className="text-[13px] text-muted">{hint}</p> : null}
    </div>
  );
}
