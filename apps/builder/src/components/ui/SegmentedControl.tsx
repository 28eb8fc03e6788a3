"use client";

import { RadioGroup } from "radix-ui";
import { cn } from "./cn";

/** A choice between a few options shown side by side (a radio group, arrow keys move). */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="font-medium" id={`${label}-label`}>
        {label}
      </span>
      <RadioGroup.Root
        aria-label={label}
        value={value}
        onValueChange={(next) => onChange(next as T)}
        orientation="horizontal"
        className="flex w-full gap-1 rounded-lg bg-subtle p-1"
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className={cn(
              "h-7 flex-1 rounded-md px-2 text-[13px] font-medium text-muted transition-colors hover:text-ink",
              "data-[state=checked]:bg-surface data-[state=checked]:text-ink data-[state=checked]:shadow-card",
            )}
          >
            {option.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
